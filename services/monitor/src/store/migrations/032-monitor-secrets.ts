import type { AppMigration } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MonitorDB } from '../schema.js';
import { type CredentialColumns, splitCredentials } from './frozen/credential-split.js';
import { sealSecretsColumn } from './frozen/secret-seal.js';

/**
 * Monitors' credentials move out of their configuration columns into one encrypted `secrets`
 * column, the columns keeping the mask in their place. Rows stored in clear by older versions are
 * converted here, in the migration's transaction, so no clear credential survives the upgrade.
 * The rules are the migration's own frozen copy (./frozen/): it must not change with the domain.
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
      const s = splitCredentials({
        url: row.url,
        headers: row.headers === null ? null : JSON.parse(row.headers),
        auth: row.auth === null ? null : JSON.parse(row.auth),
      } as CredentialColumns);
      const secrets = sealSecretsColumn(encryptionKey(), s.secrets);
      if (secrets === null) continue;
      const c = s.columns;
      await db
        .updateTable('monitors')
        .set({
          url: c.url,
          headers: c.headers === null ? null : JSON.stringify(c.headers),
          auth: c.auth === null ? null : JSON.stringify(c.auth),
          secrets,
        })
        .where('id', '=', row.id)
        .execute();
    }
  };
}
