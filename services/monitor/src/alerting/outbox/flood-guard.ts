import { floodGuardRepo } from '../../store/repos/flood-guard-repo.js';
import type { Db } from '../../store/schema.js';
import { enqueueNotification } from '../notify/enqueue.js';
import type { NotificationPayload } from '../notify/types.js';
import { isSubscriberEvent } from '../subscriptions/subscriber-mail.js';

/**
 * A channel's flood guard (issue 33): at most `flood_limit` messages per window (a minute) go out;
 * every further notification of the window is held (status `summarised`) and one summary message
 * at the window's end says how many and for which monitors. Counting is per process, in fixed
 * windows: with several instances delivering, a channel can get up to that many times the limit.
 */
export class FloodGuard {
  private readonly sent = new Map<number, { window: number; count: number }>();

  constructor(readonly windowMs: number) {}

  /** The window start when this send would exceed the limit (hold it), else null (counted, send). */
  admit(channelId: number, limit: number, now: number): number | null {
    const window = Math.floor(now / this.windowMs) * this.windowMs;
    const c = this.sent.get(channelId);
    if (!c || c.window !== window) {
      this.sent.set(channelId, { window, count: 1 });
      return null;
    }
    if (c.count >= limit) return window;
    c.count++;
    return null;
  }
}

/** Exempt: tests, the summaries themselves, and subscriber mail (one per subscriber by design). */
export const guarded = (event: string) =>
  event !== 'test' && event !== 'flood.summary' && !isSubscriberEvent(event);

/**
 * Holds an outbox row and makes sure its window's summary is queued (once per channel and window,
 * by its dedup key), due when the window ends.
 */
export async function holdForSummary(
  trx: Db,
  row: { id: number; channel_id: number },
  owner: string,
  window: number,
  windowMs: number,
  limit: number,
  maxAttempts: number,
): Promise<void> {
  await floodGuardRepo.summarise(trx, row.id, owner, Date.now(), window);
  const payload: NotificationPayload = {
    event: 'flood.summary',
    monitor: { id: 0, name: 'Flood guard', url: null },
    incident: null,
    result: null,
    at: new Date(window).toISOString(),
    flood: { count: 0, window_start: new Date(window).toISOString(), limit, monitors: [] },
  };
  await enqueueNotification(trx, {
    channel_id: row.channel_id,
    event: 'flood.summary',
    payload,
    dedup_key: `flood.summary:${window}`,
    max_attempts: maxAttempts,
    not_before: window + windowMs,
  });
}

/** A summary's payload filled in at delivery: the count and the monitors of the rows held. */
export async function completeSummary(
  db: Db,
  channelId: number,
  p: NotificationPayload,
): Promise<NotificationPayload> {
  const window = Date.parse(p.flood?.window_start ?? p.at);
  const held = await floodGuardRepo.heldIn(db, channelId, window);
  const names = new Set<string>();
  for (const h of held) {
    const name = (JSON.parse(h.payload) as Partial<NotificationPayload>).monitor?.name;
    if (name) names.add(name);
  }
  return {
    ...p,
    flood: {
      count: held.length,
      window_start: new Date(window).toISOString(),
      limit: p.flood?.limit ?? 0,
      monitors: [...names],
    },
  };
}
