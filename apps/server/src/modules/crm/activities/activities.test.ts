import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Activity, ACTIVITY_MESSAGES } from '@tradeloop/contracts/crm/activities';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { signUpSubUser } from '../../catalog/test-support.ts';
import { createRecord, crm } from '../test-support.ts';
import { crmReminders } from './tables.ts';

let app: FastifyInstance;
let seller: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let lead: { id: number; unique_id: string };

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  stranger = await signUp(app, 'seller');
  colleague = await signUpSubUser(app, seller);
  lead = await createRecord(app, seller, 1, { first_name: 'Priya', company: 'Kiln Works' });
});
afterAll(() => app.close());

const save = (path: string, body: Record<string, unknown>, user: TestUser = seller) =>
  crm(app, user, 'POST', path, body);

async function timeline(recordId: number) {
  const response = await crm(app, seller, 'GET', `crm/activities/list?lead_id=${recordId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.data as {
    kind: string;
    action: string;
    summary: string;
    details: { activity_id?: number };
  }[];
}

async function remindersOf(activityId: number) {
  return app.db.select().from(crmReminders).where(eq(crmReminders.activityId, activityId));
}

describe('POST crm/task_information/create', () => {
  it('creates a task when the body has no id, and updates that task when it carries one', async () => {
    const created = await save('crm/task_information/create', {
      lead_id: lead.id,
      subject: 'Send samples',
      due_at: '2030-12-03T09:00:00.000Z',
      priority: 'high',
      description: 'Glazed tiles, 3 colours',
      time_zone: 'UTC',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Task created successfully');
    const task = created.json().data as Activity;
    expect(task).toMatchObject({
      kind: 'task',
      subject: 'Send samples',
      status: 'not_started',
      priority: 'high',
      due_at: '2030-12-03T09:00:00.000Z',
      owner: { id: seller.id, full_name: 'Sam Seller' },
      record: { id: lead.id, type_id: 1, title: expect.any(String) },
      completed_at: null,
      reminder_at: null,
    });

    const updated = await save('crm/task_information/create', { id: task.id, subject: 'Send samples and price list' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Task updated successfully');
    // Only the fields sent change.
    expect(updated.json().data).toMatchObject({
      id: task.id,
      unique_id: task.unique_id,
      subject: 'Send samples and price list',
      priority: 'high',
      description: 'Glazed tiles, 3 colours',
    });
    const list = (await crm(app, seller, 'GET', `crm/task_information/list?lead_id=${lead.id}`)).json().data;
    expect(list.filter((item: Activity) => item.unique_id === task.unique_id)).toHaveLength(1);

    const entries = (await timeline(lead.id)).filter((entry) => entry.details.activity_id === task.id);
    expect(entries.map((entry) => [entry.kind, entry.action, entry.summary])).toEqual([
      ['task', 'updated', 'Task updated: Send samples and price list (due 3 Dec 2030 9:00 AM UTC)'],
      ['task', 'added', 'Task added: Send samples (due 3 Dec 2030 9:00 AM UTC)'],
    ]);
  });

  it('completing a task sets completed_at, writes "Task completed" and drops its pending reminder', async () => {
    const task = (
      await save('crm/task_information/create', {
        lead_id: lead.id,
        subject: 'Call back about MOQ',
        due_at: '2030-01-10T00:00:00.000Z',
        reminder_at: '2030-01-09T23:45:00.000Z',
      })
    ).json().data as Activity;
    expect(task.reminder_at).toBe('2030-01-09T23:45:00.000Z');
    expect(await remindersOf(task.id)).toMatchObject([
      { userId: seller.id, recordId: lead.id, status: 'pending', title: 'Task: Call back about MOQ' },
    ]);

    const done = await save(`crm/task_information/update/${task.id}`, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.completed_at).not.toBeNull();
    expect(done.json().data.reminder_at).toBeNull();
    expect(await remindersOf(task.id)).toEqual([]);
    const [latest] = await timeline(lead.id);
    expect(latest).toMatchObject({ kind: 'task', action: 'completed', summary: 'Task completed: Call back about MOQ' });

    const reopened = await save(`crm/task_information/update/${task.id}`, { status: 'in_progress' });
    expect(reopened.json().data.completed_at).toBeNull();
    expect((await timeline(lead.id))[0].summary).toBe('Task reopened: Call back about MOQ');
  });

  it('reminders move with the owner, change with reminder_at and go with null', async () => {
    const task = (
      await save('crm/task_information/create', {
        subject: 'Quarterly review',
        due_at: '2031-03-01T10:00:00.000Z',
        reminder_at: '2031-03-01T09:00:00.000Z',
      })
    ).json().data as Activity;
    // No record: no timeline, but the activity stands on its own.
    expect(task.record).toBeNull();
    await save(`crm/task_information/update/${task.id}`, { owner_id: colleague.id });
    expect(await remindersOf(task.id)).toMatchObject([{ userId: colleague.id, status: 'pending' }]);
    await save(`crm/task_information/update/${task.id}`, { reminder_at: '2031-02-28T10:00:00.000Z' });
    const [moved] = await remindersOf(task.id);
    expect(moved.remindAt.toISOString()).toBe('2031-02-28T10:00:00.000Z');
    await save(`crm/task_information/update/${task.id}`, { reminder_at: null });
    expect(await remindersOf(task.id)).toEqual([]);
  });

  it('answers the spec-style messages for missing and malformed fields', async () => {
    const missing = await save('crm/task_information/create', { lead_id: lead.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: 'Please enter subject',
      errors: { subject: ['Please enter subject'] },
    });
    const blank = await save('crm/task_information/create', { subject: '   ' });
    expect(blank.json().errors.subject).toEqual([ACTIVITY_MESSAGES.subjectRequired]);
    const bad = await save('crm/task_information/create', {
      subject: 'x',
      due_at: 'next tuesday',
      priority: 'urgent',
      status: 'done',
      time_zone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      due_at: [ACTIVITY_MESSAGES.dueInvalid],
      priority: [ACTIVITY_MESSAGES.priorityInvalid],
      status: [ACTIVITY_MESSAGES.statusInvalid('task')],
      time_zone: [ACTIVITY_MESSAGES.timeZoneInvalid],
    });
    const foreignOwner = await save('crm/task_information/create', { subject: 'x', owner_id: stranger.id });
    expect(foreignOwner.json()).toMatchObject({ errors: { owner_id: ['Owner must be a user of your company'] } });
    const noRecord = await save('crm/task_information/create', { subject: 'x', lead_id: 999_999 });
    expect(noRecord.statusCode).toBe(404);
    const wrongType = await save('crm/task_information/create', { subject: 'x', contact_id: lead.id });
    expect(wrongType.statusCode).toBe(404);
  });

  it('a sub-user works in the company: owns tasks, and owners can be given to them', async () => {
    const given = await save('crm/task_information/create', {
      lead_id: lead.id,
      subject: 'Follow up',
      owner_id: colleague.id,
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().data.owner).toMatchObject({ id: colleague.id, full_name: 'Sub User' });
  });
});

describe('POST crm/meeting_information/create', () => {
  it('creates when no id, updates when an id is present, and checks start, end and participants', async () => {
    const body = {
      lead_id: lead.id,
      subject: 'Factory visit',
      starts_at: '2030-12-04T10:00:00.000Z',
      ends_at: '2030-12-04T11:30:00.000Z',
      location: 'Plant 2, Morbi',
      participants: [{ user_id: colleague.id }, { email: 'Priya@Kiln.example', name: 'Priya' }],
    };
    const created = await save('crm/meeting_information/create', body);
    expect(created.statusCode).toBe(201);
    const meeting = created.json().data as Activity;
    expect(meeting).toMatchObject({
      kind: 'meeting',
      status: 'scheduled',
      all_day: false,
      location: 'Plant 2, Morbi',
      participants: [
        { user_id: colleague.id, name: 'Sub User', email: colleague.email },
        { user_id: null, name: 'Priya', email: 'priya@kiln.example' },
      ],
    });
    const updated = await save('crm/meeting_information/create', { id: meeting.id, starts_at: '2030-12-04T09:00:00Z' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: meeting.id, starts_at: '2030-12-04T09:00:00.000Z' });
    expect((await timeline(lead.id)).slice(0, 2).map((entry) => entry.summary)).toEqual([
      'Meeting updated: Factory visit, 4 Dec 2030 9:00 AM UTC',
      'Meeting scheduled: Factory visit, 4 Dec 2030 10:00 AM UTC',
    ]);

    const missing = await save('crm/meeting_information/create', { subject: 'x' });
    expect(missing.json().errors).toEqual({
      starts_at: [ACTIVITY_MESSAGES.startRequired],
      ends_at: [ACTIVITY_MESSAGES.endRequired],
    });
    const backwards = await save(`crm/meeting_information/update/${meeting.id}`, {
      ends_at: '2030-12-04T08:00:00.000Z',
    });
    expect(backwards.json().errors).toEqual({ ends_at: [ACTIVITY_MESSAGES.endBeforeStart] });
    const outsider = await save('crm/meeting_information/create', {
      ...body,
      participants: [{ user_id: stranger.id }],
    });
    expect(outsider.json().errors).toEqual({ participants: [ACTIVITY_MESSAGES.participantInvalid] });
    const badEmail = await save('crm/meeting_information/create', {
      ...body,
      participants: [{ email: 'not-an-address' }],
      meeting_link: 'javascript:alert(1)',
    });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.meeting_link).toEqual([ACTIVITY_MESSAGES.linkInvalid]);
    expect(Object.keys(badEmail.json().errors).some((key) => key.startsWith('participants'))).toBe(true);
  });

  it('an all-day meeting may end on the day it starts; the time zone names the time in history', async () => {
    const allDay = await save('crm/meeting_information/create', {
      lead_id: lead.id,
      subject: 'Trade fair',
      starts_at: '2030-02-10T00:00:00.000Z',
      ends_at: '2030-02-10T00:00:00.000Z',
      all_day: true,
    });
    expect(allDay.statusCode).toBe(201);
    expect((await timeline(lead.id))[0].summary).toBe('Meeting scheduled: Trade fair, 10 Feb 2030');
    await save('crm/meeting_information/create', {
      lead_id: lead.id,
      subject: 'Video call',
      starts_at: '2030-02-11T10:00:00.000Z',
      ends_at: '2030-02-11T10:30:00.000Z',
      time_zone: 'Asia/Kolkata',
    });
    expect((await timeline(lead.id))[0].summary).toBe('Meeting scheduled: Video call, 11 Feb 2030 3:30 PM GMT+5:30');
  });

  it('cancelling and holding a meeting are written as such', async () => {
    const meeting = (
      await save('crm/meeting_information/create', {
        lead_id: lead.id,
        subject: 'Pricing talk',
        starts_at: '2030-03-01T10:00:00Z',
        ends_at: '2030-03-01T11:00:00Z',
      })
    ).json().data as Activity;
    await save(`crm/meeting_information/update/${meeting.id}`, { status: 'cancelled' });
    expect((await timeline(lead.id))[0]).toMatchObject({
      action: 'cancelled',
      summary: 'Meeting cancelled: Pricing talk',
    });
    await save(`crm/meeting_information/update/${meeting.id}`, { status: 'held' });
    expect((await timeline(lead.id))[0]).toMatchObject({ action: 'completed', summary: 'Meeting held: Pricing talk' });
  });
});

describe('POST crm/call_information/create', () => {
  it('logs a past call as completed, updates it by id, and schedules a future one', async () => {
    const logged = await save('crm/call_information/create', {
      lead_id: lead.id,
      subject: 'Intro call',
      starts_at: '2024-05-01T08:00:00.000Z',
      call_direction: 'outbound',
      duration_seconds: 300,
      outcome: 'interested',
    });
    expect(logged.statusCode).toBe(201);
    const call = logged.json().data as Activity;
    expect(call).toMatchObject({
      kind: 'call',
      status: 'completed',
      duration_seconds: 300,
      call_direction: 'outbound',
    });
    expect(call.completed_at).not.toBeNull();
    expect((await timeline(lead.id))[0]).toMatchObject({
      kind: 'call',
      action: 'added',
      summary: 'Call logged: outbound, 5 min, interested',
    });

    const updated = await save('crm/call_information/create', { id: call.id, outcome: 'sent quote' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: call.id, outcome: 'sent quote', duration_seconds: 300 });
    expect((await timeline(lead.id))[0].summary).toBe('Call updated: Intro call, 1 May 2024 8:00 AM UTC');

    const scheduled = await save('crm/call_information/create', {
      lead_id: lead.id,
      subject: 'Price follow-up',
      starts_at: '2031-01-05T15:00:00.000Z',
      call_direction: 'inbound',
    });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', completed_at: null });
    expect((await timeline(lead.id))[0].summary).toBe('Call scheduled: Price follow-up, 5 Jan 2031 3:00 PM UTC');
  });

  it('answers field messages for calls', async () => {
    const response = await save('crm/call_information/create', {
      subject: 'x',
      call_direction: 'sideways',
      duration_seconds: -1,
      status: 'held',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      call_direction: [ACTIVITY_MESSAGES.directionInvalid],
      duration_seconds: [ACTIVITY_MESSAGES.durationInvalid],
      status: [ACTIVITY_MESSAGES.statusInvalid('call')],
    });
    const noTime = await save('crm/call_information/create', { subject: 'x' });
    expect(noTime.json().errors).toEqual({ starts_at: [ACTIVITY_MESSAGES.callTimeRequired] });
  });
});

describe('DELETE …/destroy/{id} and the record page counts', () => {
  it('deletes each kind, writes "… removed" and counts the record’s activities', async () => {
    const other = await createRecord(app, seller, 1, { first_name: 'Counted' });
    const make = async (path: string, body: Record<string, unknown>) =>
      (await save(path, { lead_id: other.id, ...body })).json().data as Activity;
    const task = await make('crm/task_information/create', { subject: 'T' });
    await make('crm/task_information/create', { subject: 'T2' });
    const meeting = await make('crm/meeting_information/create', {
      subject: 'M',
      starts_at: '2030-01-01T10:00:00Z',
      ends_at: '2030-01-01T11:00:00Z',
    });
    const call = await make('crm/call_information/create', { subject: 'C', starts_at: '2024-01-01T10:00:00Z' });
    const counts = async () => (await crm(app, seller, 'GET', `lead/info?lead_id=${other.id}`)).json().data.analytics;
    expect(await counts()).toMatchObject({ tasks: 2, meetings: 1, calls: 1 });

    for (const [path, item, summary] of [
      ['crm/task_information', task, 'Task removed: T'],
      ['crm/meeting_information', meeting, 'Meeting removed: M'],
      ['crm/call_information', call, 'Call removed: C'],
    ] as const) {
      const response = await crm(app, seller, 'DELETE', `${path}/destroy/${item.id}`);
      expect(response.statusCode).toBe(200);
      expect((await timeline(other.id))[0]).toMatchObject({ action: 'removed', summary });
      expect((await crm(app, seller, 'GET', `crm/task_information/show_details/${item.id}`)).statusCode).toBe(404);
    }
    expect(await counts()).toMatchObject({ tasks: 1, meetings: 0, calls: 0 });
  });

  it('a task id given to the meeting calls is not found', async () => {
    const task = (await save('crm/task_information/create', { subject: 'Only a task' })).json().data as Activity;
    expect((await crm(app, seller, 'DELETE', `crm/meeting_information/destroy/${task.id}`)).statusCode).toBe(404);
    expect((await save(`crm/call_information/update/${task.id}`, { subject: 'x' })).statusCode).toBe(404);
    expect((await crm(app, seller, 'GET', `meeting/show?id=${task.id}`)).statusCode).toBe(404);
    expect((await crm(app, seller, 'GET', `lead/task/show?id=${task.id}`)).json().data.subject).toBe('Only a task');
  });
});
