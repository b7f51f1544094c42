import type { Db } from '../schema.js';

/** SQL for the flood guard's summaries. */
export const floodGuardRepo = {
  /** Marks a row held by the flood guard (done, not delivered: counted in the window's summary). */
  summarise: (db: Db, id: number, owner: string, at: number, window: number) =>
    db
      .updateTable('notification_outbox')
      .set({
        status: 'summarised',
        last_error: `flood-guard:${window}`,
        finished_at: at,
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute(),
  /** The rows a channel's flood guard held in the window starting at `window`. */
  heldIn: (db: Db, channelId: number, window: number) =>
    db
      .selectFrom('notification_outbox')
      .select(['id', 'event', 'payload'])
      .where('channel_id', '=', channelId)
      .where('status', '=', 'summarised')
      .where('last_error', '=', `flood-guard:${window}`)
      .orderBy('id')
      .execute(),
};
