import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  OrderDetail,
  OrderPage,
  OrderStatus,
  orderStatusBodySchema,
  paymentBodySchema,
} from '@tradeloop/contracts/orders';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { quoteKeys } from '../../../lib/query-keys/quotes.ts';
import { orderKeys } from './keys.ts';

export type OrderSide = 'sold' | 'bought';

/** GET orders/sold (the company's) or orders/bought (mine), by status, a page at a time. */
export function useOrders(side: OrderSide, status: OrderStatus | null, page: number) {
  return useQuery({
    queryKey: orderKeys.list(side, status, page),
    queryFn: ({ signal }) =>
      apiData<OrderPage>(`orders/${side}`, { query: { status: status ?? undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET orders/sold/{id} or orders/bought/{id}. */
export function useOrder(side: OrderSide, id: number) {
  return useQuery({
    queryKey: orderKeys.order(side, id),
    queryFn: ({ signal }) => apiData<OrderDetail>(`orders/${side}/${id}`, { signal }),
  });
}

export type OrderAction =
  | { kind: 'reorder'; id: number; body?: undefined }
  | { kind: 'status'; id: number; body: z.input<typeof orderStatusBodySchema> }
  | { kind: 'cancel'; id: number; body: { reason: string } }
  | { kind: 'payment'; id: number; body: z.input<typeof paymentBodySchema> };

/** Moves, cancels or records a payment; the order and the lists refresh. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      apiRequest<{ id?: number; enquiry_id?: number }>(
        action.kind === 'payment' ? `invoices/${action.id}/payments` : `orders/${action.id}/${action.kind}`,
        { method: 'POST', body: action.body, fieldErrors: 'form' },
      ),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: quoteKeys.enquiries() });
    },
  });
}
