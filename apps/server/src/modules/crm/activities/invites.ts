import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../platform/mail.ts';
import type { ActivityColumns } from './read.ts';
import { formatWhen } from './summary.ts';
import { buildCalendar, type IcsEvent, type IcsMethod, type IcsPerson } from './ics.ts';

/**
 * Meeting invitations: every participant with an e-mail address (but the organiser) gets the
 * meeting as an iCalendar REQUEST when it is scheduled or changed, and a CANCEL when it is
 * cancelled, deleted, or they are taken off it. The UID stays the meeting's for its whole life.
 */

export type Meeting = Pick<
  ActivityColumns,
  | 'uniqueId'
  | 'subject'
  | 'description'
  | 'startsAt'
  | 'endsAt'
  | 'allDay'
  | 'location'
  | 'meetingLink'
  | 'participants'
  | 'status'
  | 'icsSequence'
  | 'updatedAt'
>;

export type Invitation = { to: string; subject: string; text: string; method: IcsMethod; ics: string };

export const meetingUid = (meeting: Pick<Meeting, 'uniqueId'>) => `${meeting.uniqueId}@tradeloop`;

/** The meeting as a calendar event. */
export function meetingEvent(meeting: Meeting, organizer: IcsPerson | null): IcsEvent {
  const start = meeting.startsAt ?? meeting.updatedAt;
  return {
    uid: meetingUid(meeting),
    sequence: meeting.icsSequence,
    stamp: meeting.updatedAt,
    start,
    end: meeting.endsAt ?? start,
    allDay: meeting.allDay,
    summary: meeting.subject,
    description: meeting.description,
    location: meeting.location ?? meeting.meetingLink,
    url: meeting.meetingLink,
    organizer,
    attendees: meeting.participants
      .filter((participant) => participant.email)
      .map((participant) => ({ name: participant.name, email: participant.email! })),
    cancelled: meeting.status === 'cancelled',
  };
}

/** What an invitation is about, so a change of anything else (a reminder, the owner) sends nothing. */
function invitationFacts(meeting: Meeting) {
  return JSON.stringify([
    meeting.subject,
    meeting.description,
    meeting.startsAt?.getTime(),
    meeting.endsAt?.getTime(),
    meeting.allDay,
    meeting.location,
    meeting.meetingLink,
    meeting.status === 'cancelled',
    recipientsOf(meeting, null).sort(),
  ]);
}

/** True when participants must hear about the change (and the SEQUENCE goes up). */
export function invitationChanged(before: Meeting, after: Meeting) {
  return invitationFacts(before) !== invitationFacts(after);
}

function recipientsOf(meeting: Pick<Meeting, 'participants'>, organizer: IcsPerson | null) {
  const emails = meeting.participants
    .map((participant) => participant.email?.toLowerCase())
    .filter((email): email is string => !!email && email !== organizer?.email.toLowerCase());
  return [...new Set(emails)];
}

function mailText(meeting: Meeting, organizer: IcsPerson | null, timeZone: string, cancelled: boolean) {
  const who = organizer?.name ?? organizer?.email ?? 'TradeLoop';
  const when = meeting.startsAt ? formatWhen(meeting.startsAt, timeZone, { allDay: meeting.allDay }) : '';
  const lines = [
    cancelled ? `${who} cancelled this meeting: ${meeting.subject}` : `${who} invites you to: ${meeting.subject}`,
    `When: ${when}${meeting.allDay ? ' (all day)' : ''}`,
    ...(meeting.location ? [`Where: ${meeting.location}`] : []),
    ...(meeting.meetingLink ? [`Join: ${meeting.meetingLink}`] : []),
    ...(meeting.description && !cancelled ? ['', meeting.description] : []),
    '',
    cancelled
      ? 'The attached calendar file removes it from your calendar.'
      : 'The attached calendar file adds it to your calendar.',
  ];
  return { when, text: lines.join('\n') };
}

function invitations(
  meeting: Meeting,
  method: 'REQUEST' | 'CANCEL',
  to: string[],
  organizer: IcsPerson | null,
  timeZone: string,
  kind: 'new' | 'updated',
): Invitation[] {
  if (to.length === 0) return [];
  const cancelled = method === 'CANCEL';
  const ics = buildCalendar(method, meetingEvent(meeting, organizer));
  const { when, text } = mailText(meeting, organizer, timeZone, cancelled);
  const prefix = cancelled ? 'Cancelled' : kind === 'new' ? 'Invitation' : 'Updated invitation';
  return to.map((address) => ({ to: address, subject: `${prefix}: ${meeting.subject} (${when})`, text, method, ics }));
}

/**
 * The invitations a save sends: `before` is null for a new meeting; `after` already carries the
 * bumped SEQUENCE when the meeting changed.
 */
export function invitationsOnSave(
  before: Meeting | null,
  after: Meeting,
  organizer: IcsPerson | null,
  timeZone: string,
): Invitation[] {
  const now = recipientsOf(after, organizer);
  if (!before)
    return after.status === 'cancelled' ? [] : invitations(after, 'REQUEST', now, organizer, timeZone, 'new');
  if (!invitationChanged(before, after)) return [];
  const earlier = recipientsOf(before, organizer);
  if (after.status === 'cancelled') {
    return before.status === 'cancelled'
      ? []
      : invitations(after, 'CANCEL', [...new Set([...earlier, ...now])], organizer, timeZone, 'updated');
  }
  const removed = earlier.filter((email) => !now.includes(email));
  return [
    ...invitations(after, 'REQUEST', now, organizer, timeZone, 'updated'),
    ...invitations(after, 'CANCEL', removed, organizer, timeZone, 'updated'),
  ];
}

/** A deleted meeting that had not happened yet is cancelled for everyone invited. */
export function invitationsOnDelete(meeting: Meeting, organizer: IcsPerson | null, timeZone: string, now = new Date()) {
  const over = meeting.status !== 'scheduled' || (meeting.endsAt ?? meeting.startsAt ?? now) < now;
  if (over) return [];
  const cancelled = { ...meeting, icsSequence: meeting.icsSequence + 1, updatedAt: now };
  return invitations(cancelled, 'CANCEL', recipientsOf(meeting, organizer), organizer, timeZone, 'updated');
}

/** Sends after the transaction has committed; a failed delivery stays in the outbox, never fails the call. */
export async function sendInvitations(mailer: Mailer, log: FastifyBaseLogger, list: Invitation[]) {
  for (const invitation of list) {
    try {
      await mailer.send({
        to: invitation.to,
        subject: invitation.subject,
        text: invitation.text,
        attachments: [
          {
            filename: invitation.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
            content: invitation.ics,
            contentType: `text/calendar; charset=utf-8; method=${invitation.method}`,
          },
        ],
      });
    } catch (error) {
      log.warn({ err: error, to: invitation.to }, 'meeting invitation not sent');
    }
  }
}
