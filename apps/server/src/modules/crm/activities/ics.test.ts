import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@tradeloop/contracts/crm/activities';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { outboxMessages, type Mail } from '../../../platform/mail.ts';
import { createRecord, crm } from '../test-support.ts';
import { buildCalendar, escapeText, foldLine, paramValue, type IcsEvent } from './ics.ts';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const property = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('ics: RFC 5545 text', () => {
  it('escapes backslashes, semicolons, commas and line breaks in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('quotes parameter values holding : ; or , and drops double quotes', () => {
    expect(paramValue('Priya Shah')).toBe('Priya Shah');
    expect(paramValue('Shah, Priya')).toBe('"Shah, Priya"');
    expect(paramValue('The "Boss"')).toBe('The Boss');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('builds a calendar with CRLF line ends, UTC times, attendees and the method', () => {
    const event: IcsEvent = {
      uid: 'abc@tradeloop',
      sequence: 2,
      stamp: new Date('2030-01-01T08:00:00Z'),
      start: new Date('2030-12-04T10:00:00Z'),
      end: new Date('2030-12-04T11:30:00Z'),
      allDay: false,
      summary: 'Factory visit; plant 2, kiln',
      description: 'Bring samples\nand the price list',
      location: 'Morbi, Gujarat',
      url: 'https://meet.example/abc',
      organizer: { name: 'Sam Seller', email: 'sam@example.test' },
      attendees: [
        { name: 'Shah, Priya', email: 'priya@example.test' },
        { name: null, email: 'ops@example.test' },
      ],
      cancelled: false,
    };
    const ics = buildCalendar('REQUEST', event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = unfold(ics).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//TradeLoop//CRM meetings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:abc@tradeloop');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('DTSTAMP:20300101T080000Z');
    expect(lines).toContain('DTSTART:20301204T100000Z');
    expect(lines).toContain('DTEND:20301204T113000Z');
    expect(lines).toContain('SUMMARY:Factory visit\\; plant 2\\, kiln');
    expect(lines).toContain('DESCRIPTION:Bring samples\\nand the price list');
    expect(lines).toContain('LOCATION:Morbi\\, Gujarat');
    expect(lines).toContain('ORGANIZER;CN=Sam Seller:mailto:sam@example.test');
    expect(lines).toContain(
      'ATTENDEE;CN="Shah, Priya";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:priya@example.test',
    );
    expect(lines).toContain('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ops@example.test');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('an all-day event uses DATE values with DTEND the day after its last day; CANCEL is cancelled', () => {
    const ics = buildCalendar('CANCEL', {
      uid: 'u@tradeloop',
      sequence: 0,
      stamp: new Date('2030-01-01T00:00:00Z'),
      start: new Date('2030-06-01T00:00:00Z'),
      end: new Date('2030-06-03T00:00:00Z'),
      allDay: true,
      summary: 'Trade fair',
      attendees: [],
      cancelled: false,
    });
    expect(property(ics, 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20300601']);
    expect(property(ics, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20300604']);
    expect(property(ics, 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(property(ics, 'STATUS')).toEqual(['STATUS:CANCELLED']);
  });
});

describe('meeting invitations and GET crm/meeting_information/ics/{id}', () => {
  let app: FastifyInstance;
  let seller: TestUser;
  let lead: { id: number };
  let sent: Mail[];

  beforeAll(async () => {
    app = await createTestApp();
    seller = await signUp(app, 'seller');
    lead = await createRecord(app, seller, 1, { first_name: 'Priya' });
  });
  afterAll(() => app.close());

  const spyOnMail = () => {
    sent = [];
    const original = app.mailer.send.bind(app.mailer);
    vi.spyOn(app.mailer, 'send').mockImplementation(async (mail) => {
      sent.push(mail);
      return original(mail);
    });
  };
  const ics = (mail: Mail) => String(mail.attachments?.[0]?.content ?? '');

  it('invites participants with a REQUEST, bumps SEQUENCE on change, cancels removed ones and on delete', async () => {
    spyOnMail();
    const created = await crm(app, seller, 'POST', 'crm/meeting_information/create', {
      lead_id: lead.id,
      subject: 'Factory visit',
      starts_at: '2030-12-04T10:00:00Z',
      ends_at: '2030-12-04T11:00:00Z',
      meeting_link: 'https://meet.example/visit',
      participants: [
        { email: 'priya@kiln.example', name: 'Priya' },
        { email: 'ops@kiln.example' },
        // The organiser gets no invitation of their own.
        { email: seller.email },
      ],
    });
    expect(created.statusCode).toBe(201);
    const meeting = created.json().data as Activity;
    expect(sent.map((mail) => mail.to).sort()).toEqual(['ops@kiln.example', 'priya@kiln.example']);
    const first = ics(sent[0]);
    expect(sent[0].subject).toMatch(/^Invitation: Factory visit/);
    expect(sent[0].attachments?.[0]).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(property(first, 'METHOD')).toEqual(['METHOD:REQUEST']);
    expect(property(first, 'UID')).toEqual([`UID:${meeting.unique_id}@tradeloop`]);
    expect(property(first, 'SEQUENCE')).toEqual(['SEQUENCE:0']);
    expect(property(first, 'ORGANIZER')).toEqual([`ORGANIZER;CN=Sam Seller:mailto:${seller.email}`]);
    expect(property(first, 'URL')).toEqual(['URL:https://meet.example/visit']);
    // Also kept in the outbox (no SMTP in tests).
    const kept = await outboxMessages(app.db, { recipient: 'ops@kiln.example' });
    expect(kept.map((row) => row.subject)).toEqual([sent.find((mail) => mail.to === 'ops@kiln.example')?.subject]);

    // A change that is not about the meeting itself sends nothing.
    sent.length = 0;
    await crm(app, seller, 'POST', `crm/meeting_information/update/${meeting.id}`, {
      reminder_at: '2030-12-04T09:45:00Z',
    });
    expect(sent).toEqual([]);

    // Moving it and taking ops off: an update for Priya, a cancellation for ops, same UID, SEQUENCE 1.
    await crm(app, seller, 'POST', 'crm/meeting_information/create', {
      id: meeting.id,
      starts_at: '2030-12-04T11:00:00Z',
      ends_at: '2030-12-04T12:00:00Z',
      participants: [{ email: 'priya@kiln.example', name: 'Priya' }],
    });
    const byRecipient = Object.fromEntries(sent.map((mail) => [mail.to, mail]));
    expect(Object.keys(byRecipient).sort()).toEqual(['ops@kiln.example', 'priya@kiln.example']);
    expect(byRecipient['priya@kiln.example'].subject).toMatch(/^Updated invitation: Factory visit/);
    expect(property(ics(byRecipient['priya@kiln.example']), 'SEQUENCE')).toEqual(['SEQUENCE:1']);
    expect(property(ics(byRecipient['priya@kiln.example']), 'DTSTART')).toEqual(['DTSTART:20301204T110000Z']);
    expect(property(ics(byRecipient['ops@kiln.example']), 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(property(ics(byRecipient['ops@kiln.example']), 'UID')).toEqual([`UID:${meeting.unique_id}@tradeloop`]);

    // The download carries the same UID and SEQUENCE.
    const download = await crm(app, seller, 'GET', `crm/meeting_information/ics/${meeting.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/calendar/);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="meeting-${meeting.id}.ics"`);
    expect(property(download.body, 'METHOD')).toEqual(['METHOD:PUBLISH']);
    expect(property(download.body, 'UID')).toEqual([`UID:${meeting.unique_id}@tradeloop`]);
    expect(property(download.body, 'SEQUENCE')).toEqual(['SEQUENCE:1']);
    expect(property(download.body, 'SUMMARY')).toEqual(['SUMMARY:Factory visit']);

    // Deleting the meeting cancels it for whoever is still invited, with the next SEQUENCE.
    sent.length = 0;
    expect((await crm(app, seller, 'DELETE', `crm/meeting_information/destroy/${meeting.id}`)).statusCode).toBe(200);
    expect(sent.map((mail) => mail.to)).toEqual(['priya@kiln.example']);
    expect(sent[0].subject).toMatch(/^Cancelled: Factory visit/);
    expect(property(ics(sent[0]), 'METHOD')).toEqual(['METHOD:CANCEL']);
    expect(property(ics(sent[0]), 'SEQUENCE')).toEqual(['SEQUENCE:2']);
    expect(property(ics(sent[0]), 'STATUS')).toEqual(['STATUS:CANCELLED']);
    vi.restoreAllMocks();
  });

  it('cancelling a meeting by status sends CANCEL to everyone; tasks and calls have no calendar file', async () => {
    spyOnMail();
    const meeting = (
      await crm(app, seller, 'POST', 'crm/meeting_information/create', {
        subject: 'Call with buyer',
        starts_at: '2030-12-05T10:00:00Z',
        ends_at: '2030-12-05T10:30:00Z',
        participants: [{ email: 'buyer@example.test' }],
      })
    ).json().data as Activity;
    sent.length = 0;
    await crm(app, seller, 'POST', `crm/meeting_information/update/${meeting.id}`, { status: 'cancelled' });
    expect(sent.map((mail) => [mail.to, property(ics(mail), 'METHOD')[0]])).toEqual([
      ['buyer@example.test', 'METHOD:CANCEL'],
    ]);
    // Deleting a cancelled meeting tells nobody again.
    sent.length = 0;
    await crm(app, seller, 'DELETE', `crm/meeting_information/destroy/${meeting.id}`);
    expect(sent).toEqual([]);
    vi.restoreAllMocks();

    const task = (await crm(app, seller, 'POST', 'crm/task_information/create', { subject: 'T' })).json().data;
    expect((await crm(app, seller, 'GET', `crm/meeting_information/ics/${task.id}`)).statusCode).toBe(404);
  });
});
