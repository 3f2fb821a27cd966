import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { conversionSchema, ConvertBody } from '@tradeloop/contracts/crm/records';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

export type Conversion = z.infer<typeof conversionSchema>;

/** POST lead/convert: contact, account (found, chosen or new) and optionally a deal. */
export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertBody) => crmRequest<Conversion>('lead/convert', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.records() }),
  });
}
