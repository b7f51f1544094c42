// Row counts and ids by config key, as the config-kinds tests read them straight from the database.
import type { Kysely } from 'kysely';
import type { MonitorDB } from '../../src/store/schema.js';

const KIND_TABLES = [
  'locations',
  'message_templates',
  'escalation_policies',
  'maintenance_windows',
  'status_pages',
  'status_page_sections',
  'status_page_monitors',
  'monitors',
  'audit_log',
] as const;

/** How many rows each table of the newer kinds (and the monitors and the audit log) holds. */
export async function kindRowCounts(db: Kysely<MonitorDB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of KIND_TABLES)
    out[t] = Number(
      (
        await db
          .selectFrom(t)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

export type KeyedTable =
  | 'monitors'
  | 'notification_channels'
  | 'escalation_policies'
  | 'maintenance_windows'
  | 'status_pages';

/** The id of the row a config file's `key` made. */
export async function idByConfigKey(db: Kysely<MonitorDB>, table: KeyedTable, key: string): Promise<number> {
  return (await db.selectFrom(table).select('id').where('config_key', '=', key).executeTakeFirstOrThrow()).id;
}
