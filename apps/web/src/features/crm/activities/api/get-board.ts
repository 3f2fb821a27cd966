import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Activity,
  ActivityCategories,
  EmailCategories,
  TaskCategories,
} from '@tradeloop/contracts/crm/activities';
import { crmData } from '../../shared/api/client.ts';
import { activityKeys, type BoardKind } from './keys.ts';

export type Board = TaskCategories | ActivityCategories | EmailCategories;

/** GET {task|meeting|call|email}/activity/bycategory: the newest 50 of each category. */
export function boardQueryOptions(kind: BoardKind) {
  return queryOptions({
    queryKey: activityKeys.board(kind),
    queryFn: ({ signal }) => crmData<Board>(`${kind}/activity/bycategory`, { signal }),
  });
}

export function useActivityBoard(kind: BoardKind) {
  return useQuery({ ...boardQueryOptions(kind), placeholderData: keepPreviousData });
}

/** GET crm/task_information/all-call-task-meeting: everything due or starting in [from, to). */
export function agendaQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: activityKeys.agenda(from, to),
    queryFn: ({ signal }) =>
      crmData<Activity[]>('crm/task_information/all-call-task-meeting', { query: { from, to }, signal }),
  });
}

export function useAgenda(from: string, to: string) {
  return useQuery(agendaQueryOptions(from, to));
}
