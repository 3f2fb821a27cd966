import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { KanbanBoard, KanbanCard } from '@tradeloop/contracts/crm/kanban';
import { crmData, crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

export type BoardParams = {
  typeId: RecordTypeId | null;
  groupBy: string | null;
  filterId: number | null;
  query: string;
};

/** GET crm/kanbon_data_list: every column's count and first 10 cards. */
export function boardQueryOptions(params: BoardParams) {
  return queryOptions({
    queryKey: crmKeys.kanban(params.typeId, params.groupBy, params.filterId, params.query),
    queryFn: ({ signal }) =>
      crmData<KanbanBoard>('crm/kanbon_data_list', {
        query: {
          type_id: params.typeId,
          group_by: params.groupBy,
          filter_id: params.filterId,
          query: params.query,
          per_page: 10,
        },
        signal,
      }),
  });
}

export function useBoard(params: BoardParams) {
  return useQuery(boardQueryOptions(params));
}

/** The next page of one column, as it scrolls. */
export function fetchColumnPage(params: BoardParams & { typeId: RecordTypeId; column: string; page: number }) {
  return crmData<KanbanBoard>('crm/kanbon_data_list', {
    query: {
      type_id: params.typeId,
      group_by: params.groupBy,
      filter_id: params.filterId,
      query: params.query,
      column: params.column,
      page: params.page,
      per_page: 10,
    },
  });
}

/** POST crm/kanbon_move: the card's pick-list value becomes the column's. */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { unique_id: string; type_id: RecordTypeId; group_by: string; value: string }) =>
      crmRequest<KanbanCard>('crm/kanbon_move', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.records() }),
  });
}

/** POST crm/store_kanbon_view: the board's type and grouping, remembered for the user. */
export function useStoreBoard() {
  return useMutation({
    mutationFn: (body: { type_id: RecordTypeId; group_by?: string }) =>
      crmRequest<{ type_id: number; group_by: Record<string, string> }>('crm/store_kanbon_view', {
        method: 'POST',
        body,
      }),
  });
}
