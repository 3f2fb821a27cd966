import type { ComponentType } from 'react';
import type { Analytics, CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm/records';

export type DetailTabProps = { typeId: RecordTypeId; record: CrmRecord };

/**
 * Tabs of the record page that other features plug in (the activities issue: notes, files, tasks,
 * meetings, calls, e-mails and the timeline). A feature calls registerDetailTab with one of the
 * slot keys below and its component; a slot nobody has filled shows an empty state.
 */
export const ACTIVITY_SLOTS = [
  { key: 'threads', label: 'Requests', count: null, onlyFor: [1] },
  { key: 'quotation', label: 'Quotation', count: null, onlyFor: [1] },
  { key: 'notes', label: 'Notes', count: 'notes' },
  { key: 'files', label: 'Files', count: 'files' },
  { key: 'tasks', label: 'Tasks', count: 'tasks' },
  { key: 'meetings', label: 'Meetings', count: 'meetings' },
  { key: 'calls', label: 'Calls', count: 'calls' },
  { key: 'emails', label: 'E-mails', count: 'emails' },
  { key: 'engagement', label: 'Engagement', count: null, onlyFor: [1] },
  { key: 'timeline', label: 'Timeline', count: null },
] as const satisfies readonly {
  key: string;
  label: string;
  count: keyof Analytics | null;
  onlyFor?: readonly RecordTypeId[];
}[];

/**
 * The slots a record of this type shows. `fromLeads`: a contact that leads were converted into also shows
 * the leads' own tabs (requests, quotation, engagement), which stay with the leads (decision 065).
 */
export function slotsFor(typeId: RecordTypeId, options: { fromLeads?: boolean } = {}) {
  return ACTIVITY_SLOTS.filter((slot) => {
    if (!('onlyFor' in slot)) return true;
    const types = slot.onlyFor as readonly number[];
    return types.includes(typeId) || (options.fromLeads === true && types.includes(1));
  });
}

/** Whether a slot is one only leads have, shown on a contact through the leads converted into it. */
export const isLeadSlot = (slot: (typeof ACTIVITY_SLOTS)[number]) => 'onlyFor' in slot;

export type ActivitySlot = (typeof ACTIVITY_SLOTS)[number]['key'];

const registered = new Map<ActivitySlot, ComponentType<DetailTabProps>>();

export function registerDetailTab(slot: ActivitySlot, component: ComponentType<DetailTabProps>) {
  registered.set(slot, component);
}

export function detailTabComponent(slot: ActivitySlot) {
  return registered.get(slot);
}

/**
 * Panels of the record page's side column, under its facts (lead status and assignment, tags …),
 * in the order they were registered.
 */
const sidePanels = new Map<string, ComponentType<DetailTabProps>>();

export function registerDetailSidePanel(key: string, component: ComponentType<DetailTabProps>) {
  sidePanels.set(key, component);
}

export function detailSidePanels() {
  return [...sidePanels.entries()];
}
