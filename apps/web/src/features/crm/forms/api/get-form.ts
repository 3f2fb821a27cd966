import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DynamicForm, RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Form } from '@tradeloop/contracts/crm/forms';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** GET crm/single_lead_form_detail: a type's form with sections, fields and unused fields (the builder). */
export function formQueryOptions(typeId: RecordTypeId) {
  return queryOptions({
    queryKey: crmKeys.form(typeId),
    queryFn: ({ signal }) => crmData<Form>('crm/single_lead_form_detail', { query: { type_id: typeId }, signal }),
  });
}

export function useCrmForm(typeId: RecordTypeId) {
  return useQuery(formQueryOptions(typeId));
}

/** Where an add form is opened from: nothing, or a contact or account whose values it takes. */
export type AddFormSource = { kind: 'none' } | { kind: 'contact' | 'account'; id: number };

function addFormPath(typeId: RecordTypeId, source: AddFormSource) {
  if (source.kind === 'contact')
    return typeId === 2 ? `dynamic/form/deal/${source.id}` : `dynamic/form/lead/${source.id}`;
  if (source.kind === 'account') {
    if (typeId === 4) return `dynamic/form/account/contact/${source.id}`;
    if (typeId === 2) return `dynamic/form/account/deal/${source.id}`;
    return `dynamic/form/lead/account/${source.id}`;
  }
  return 'lead/addform';
}

/** GET lead/addform or dynamic/form/…: the add form with default or related values filled in. */
export function addFormQueryOptions(typeId: RecordTypeId, source: AddFormSource = { kind: 'none' }) {
  const path = addFormPath(typeId, source);
  return queryOptions({
    queryKey: crmKeys.addForm(typeId, path),
    queryFn: ({ signal }) => crmData<DynamicForm>(path, { query: { type_id: typeId }, signal }),
  });
}

export function useAddForm(typeId: RecordTypeId, source: AddFormSource, enabled = true) {
  return useQuery({ ...addFormQueryOptions(typeId, source), enabled });
}
