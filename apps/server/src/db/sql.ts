import { sql, type SQL } from 'drizzle-orm';

/** Values as a comma-separated list of parameters, for `IN (…)` and `array[…]`. */
export function sqlList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
