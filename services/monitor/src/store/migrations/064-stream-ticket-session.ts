import type { AppMigration } from '@app/kit';
import { columnTypes } from '@app/kit';

/**
 * `stream_tickets.session_id`: the session a ticket was issued in (null: an API key's), so a stream
 * opened with it ends when that session does, and a ticket of an ended session is refused (issue 29).
 */
export const streamTicketSession: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('stream_tickets').addColumn('session_id', t.text).execute();
};
