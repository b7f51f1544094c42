import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { MetricsDB } from './schema.js';

/**
 * The columns of `tables` in the connection's own schema, in table order. Not Kysely's introspection:
 * on PostgreSQL it reads every schema of the database, so it can see another schema's table of the
 * same name, and fail when a schema is dropped while it reads (tests run one schema each, side by side).
 */
export async function tableColumns<T extends string>(
  db: Kysely<MetricsDB>,
  tables: readonly T[],
): Promise<Record<T, string[]>> {
  const out = {} as Record<T, string[]>;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
      from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join(tables)})
      order by table_name, ordinal_position`.execute(db);
    for (const t of tables) out[t] = rows.rows.filter((r) => r.table_name === t).map((r) => r.column_name);
    return out;
  }
  for (const t of tables) {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${t}) order by cid`.execute(
      db,
    );
    out[t] = rows.rows.map((r) => r.name);
  }
  return out;
}
