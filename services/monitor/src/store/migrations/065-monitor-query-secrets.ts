import type { AppMigration } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MonitorDB } from '../schema.js';
import { splitQueryCredentials } from './frozen/credential-split.js';
import { openSecretsColumn, sealSecretsColumn } from './frozen/secret-seal.js';

/**
 * Credential query parameters of monitor URLs (`?apitoken=…`) join the encrypted `secrets` column,
 * the URL keeping the mask in their place, as 032 did for URL passwords and headers. Rows stored by
 * older versions are converted in the migration's transaction, so no clear one survives the upgrade.
 * The rules are the migration's own frozen copy (./frozen/): it must not change with the domain.
 */
export function monitorQuerySecrets(encryptionKey: () => Buffer): AppMigration {
  return async (raw) => {
    const db = raw as Kysely<MonitorDB>;
    const rows = await db
      .selectFrom('monitors')
      .select(['id', 'url', 'secrets'])
      .where('url', 'like', '%?%=%')
      .execute();
    for (const row of rows) {
      const split = splitQueryCredentials(row.url);
      if (!split.url_query) continue;
      let kept = {};
      try {
        kept = openSecretsColumn(encryptionKey(), row.secrets);
      } catch {
        // SECRET_KEY changed since: what the column held is unreadable anyway (a mask sent back for
        // it is refused); the clear parameters must still leave the URL.
      }
      const secrets = sealSecretsColumn(encryptionKey(), { ...kept, url_query: split.url_query });
      await db.updateTable('monitors').set({ url: split.url, secrets }).where('id', '=', row.id).execute();
    }
  };
}
