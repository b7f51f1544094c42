import type { Db } from '../schema.js';

/** SQL for the channels each incident's alerts went to. */
export const incidentChannelsRepo = {
  async remember(db: Db, incidentId: number, channelIds: readonly number[]): Promise<void> {
    const unique = [...new Set(channelIds)];
    if (unique.length === 0) return;
    await db
      .insertInto('incident_notified_channels')
      .values(unique.map((channel_id) => ({ incident_id: incidentId, channel_id })))
      .onConflict((oc) => oc.columns(['incident_id', 'channel_id']).doNothing())
      .execute();
  },
  forIncident: async (db: Db, incidentId: number): Promise<number[]> =>
    (
      await db
        .selectFrom('incident_notified_channels')
        .select('channel_id')
        .where('incident_id', '=', incidentId)
        .orderBy('channel_id')
        .execute()
    ).map((r) => Number(r.channel_id)),
};
