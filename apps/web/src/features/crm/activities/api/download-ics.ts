import { CLIENT_MESSAGES } from '@tradeloop/contracts/common-constants';
import type { Activity } from '@tradeloop/contracts/crm/activities';
import { API_BASES } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { getSession } from '../../../../lib/session.ts';

/** GET crm/meeting_information/ics/{id}: the meeting as a calendar file, saved by the browser. */
export async function downloadMeetingIcs(meeting: Pick<Activity, 'id'>) {
  const { token } = getSession();
  const response = await fetch(`${API_BASES.crm}/crm/meeting_information/ics/${meeting.id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok) {
    notifyError(CLIENT_MESSAGES.serverError);
    return;
  }
  const file = new File([await response.blob()], `meeting-${meeting.id}.ics`, { type: 'text/calendar' });
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: file.name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
