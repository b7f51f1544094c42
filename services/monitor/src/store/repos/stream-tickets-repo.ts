import type { Selectable } from 'kysely';
import type { Db, StreamTicketsTable } from '../schema.js';

export type StreamTicketRow = Selectable<StreamTicketsTable>;

/** SQL for live-stream tickets. */
export const streamTicketsRepo = {
  insert: (db: Db, row: StreamTicketRow) => db.insertInto('stream_tickets').values(row).execute(),
  /**
   * Deletes the ticket and returns it in one statement, so of two requests racing with the same
   * ticket (even on two instances) exactly one gets the row.
   */
  consume: (db: Db, hash: string, now: number) =>
    db
      .deleteFrom('stream_tickets')
      .where('ticket_hash', '=', hash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst(),
  deleteExpired: (db: Db, now: number) =>
    db.deleteFrom('stream_tickets').where('expires_at', '<=', now).execute(),
};
