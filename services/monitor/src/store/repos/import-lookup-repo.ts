import type { Db } from '../schema.js';

/** SQL the import needs to match a file against this instance: monitors and channels by name. */
export const importLookupRepo = {
  monitorNames: (db: Db) => db.selectFrom('monitors').select(['id', 'name']).orderBy('id').execute(),
  channelNames: (db: Db) =>
    db
      .selectFrom('notification_channels')
      .select(['id', 'name'])
      .where('owner_user_id', 'is', null)
      .execute(),
};
