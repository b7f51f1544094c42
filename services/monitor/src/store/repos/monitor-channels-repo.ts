import type { Db } from '../schema.js';

/** SQL for which notification channels each monitor alerts. */
export const monitorChannelsRepo = {
  /** Channel ids per monitor, for the given monitors only. */
  async forMonitors(db: Db, monitorIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (monitorIds.length === 0) return out;
    const rows = await db
      .selectFrom('monitor_channels')
      .select(['monitor_id', 'channel_id'])
      .where('monitor_id', 'in', monitorIds)
      .orderBy('channel_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.monitor_id) ?? [];
      list.push(r.channel_id);
      out.set(r.monitor_id, list);
    }
    return out;
  },
  /** Replaces a monitor's channel set. */
  async set(db: Db, monitorId: number, channelIds: readonly number[]): Promise<void> {
    await db.deleteFrom('monitor_channels').where('monitor_id', '=', monitorId).execute();
    const unique = [...new Set(channelIds)];
    if (unique.length > 0) {
      await db
        .insertInto('monitor_channels')
        .values(unique.map((channel_id) => ({ monitor_id: monitorId, channel_id })))
        .execute();
    }
  },
};
