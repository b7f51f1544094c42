import type { AppMigration } from '@app/kit';
import { columnTypes } from '@app/kit';

/**
 * A per-user token generation, copied into every access token (`gen`) and compared on each
 * request: bumping it ends every access token issued before (password set or changed, sign-out,
 * refresh-token reuse, role change) without a deny list.
 */
export const tokenGeneration: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
};
