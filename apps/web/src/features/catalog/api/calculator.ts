import { useMutation } from '@tanstack/react-query';
import type { CalculatorInput, CalculatorResult } from '@tradeloop/contracts/catalog-calculator';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/v1/product/calculator_multiple_check: tries the calculator as it is in the form. */
export function useTryCalculator(productId: number | null) {
  return useMutation({
    mutationFn: (input: { calculator: CalculatorInput; combination?: string; quantity: number }) =>
      apiRequest<CalculatorResult>('product/calculator_multiple_check', {
        method: 'POST',
        body: { product_id: productId, ...input },
        fieldErrors: 'form',
      }),
  });
}
