import type { z } from 'zod';
import type { currencySchema, priceTermSchema, territorySchema, unitSchema } from '@tradeloop/contracts/reference';

export type Currency = z.infer<typeof currencySchema>;
export type Unit = z.infer<typeof unitSchema>;
export type PriceTerm = z.infer<typeof priceTermSchema>;
export type Territory = z.infer<typeof territorySchema>;
