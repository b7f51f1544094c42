import type { AppMigration } from '@app/kit';
import type { Kysely } from 'kysely';
import { configColumns, configOf } from '../../monitors/monitor-input.js';
import { sealSecrets, splitSecrets } from '../../monitors/monitor-secrets.js';
import type { MonitorDB } from '../schema.js';

/**
 * Monitors' credentials move out of their configuration columns into one encrypted `secrets`
 * column, the columns keeping the mask in their place. Rows stored in clear by older versions are
 * converted here, in the migration's transaction, so no clear credential survives the upgrade.
 */
export function monitorSecrets(encryptionKey: () => Buffer): AppMigration {
  return async (raw) => {
    const db = raw as Kysely<MonitorDB>;
    await db.schema.alterTable('monitors').addColumn('secrets', 'text').execute();
    const rows = await db
      .selectFrom('monitors')
      .selectAll()
      .where((e) => e.or([e('url', 'like', '%@%'), e('headers', 'is not', null), e('auth', 'is not', null)]))
      .execute();
    for (const row of rows) {
      const s = splitSecrets(configOf(row));
      const secrets = sealSecrets(encryptionKey(), s.secrets);
      if (secrets === null) continue;
      const c = configColumns(s.config);
      await db
        .updateTable('monitors')
        .set({ url: c.url, headers: c.headers, auth: c.auth, secrets })
        .where('id', '=', row.id)
        .execute();
    }
  };
}
