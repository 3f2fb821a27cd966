import type { ComponentType } from 'react';
import type { Analytics, CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm';

export type DetailTabProps = { typeId: RecordTypeId; record: CrmRecord };

/**
 * Tabs of the record page that other features plug in (the activities issue: notes, files, tasks,
 * meetings, calls, e-mails and the timeline). A feature calls registerDetailTab with one of the
 * slot keys below and its component; a slot nobody has filled shows an empty state.
 */
export const ACTIVITY_SLOTS = [
  { key: 'notes', label: 'Notes', count: 'notes' },
  { key: 'files', label: 'Files', count: 'files' },
  { key: 'tasks', label: 'Tasks', count: 'tasks' },
  { key: 'meetings', label: 'Meetings', count: 'meetings' },
  { key: 'calls', label: 'Calls', count: 'calls' },
  { key: 'emails', label: 'E-mails', count: 'emails' },
  { key: 'timeline', label: 'Timeline', count: null },
] as const satisfies readonly { key: string; label: string; count: keyof Analytics | null }[];

export type ActivitySlot = (typeof ACTIVITY_SLOTS)[number]['key'];

const registered = new Map<ActivitySlot, ComponentType<DetailTabProps>>();

export function registerDetailTab(slot: ActivitySlot, component: ComponentType<DetailTabProps>) {
  registered.set(slot, component);
}

export function detailTabComponent(slot: ActivitySlot) {
  return registered.get(slot);
}
