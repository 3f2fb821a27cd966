import { sql, type SQL } from 'drizzle-orm';

/** Values as a comma-separated list of parameters, for `IN (…)` and `array[…]`. */
export function sqlList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The rows of a raw query's result, whichever driver (PGlite or pg) ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
