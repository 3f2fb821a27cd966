import { z } from 'zod';

export * from './common-constants.ts';

export const failureSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** The success envelope of ARCHITECTURE.md around a payload schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data, message: z.string().optional() });
}

export const messageOnlySchema = z.object({ status: z.literal(true), message: z.string() });

/** Paged list answer: data: {data, currentPage, lastPage, perPage, total}. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    currentPage: z.number().int(),
    lastPage: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
  });
}
