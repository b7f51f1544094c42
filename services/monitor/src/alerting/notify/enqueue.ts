import { randomUUID } from 'node:crypto';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { outboxRepo } from '../../store/repos/outbox-repo.js';
import type { Db } from '../../store/schema.js';
import { heldUntil } from './quiet-hours.js';
import type {
  NotificationPayload,
  NotifyEvent,
  NotifyIncident,
  NotifyMonitor,
  NotifyResult,
} from './types.js';

/** Attempts before a notification is given up, unless the worker is configured otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * One row to queue: a channel alert (a NotifyEvent with its NotificationPayload) by default, or
 * another message the outbox worker sends, such as one mail to a status page subscriber, whose
 * event and payload types subscriptions/ declares (the queue stores them as JSON either way).
 */
export interface OutboxEntry<E extends string = NotifyEvent, P extends object = NotificationPayload> {
  channel_id: number;
  event: E;
  payload: P;
  /** Same key on the same channel = the same notification: a second enqueue is ignored. */
  dedup_key: string;
  max_attempts?: number;
  /** Earliest delivery time (epoch ms); now by default. */
  not_before?: number;
}

/**
 * Queues one notification on `trx`, which must be the transaction of the state change that
 * causes it: the notification then exists exactly when the change committed. Returns the outbox
 * id, or null when (channel_id, dedup_key) was queued before.
 */
export async function enqueueNotification<E extends string, P extends object>(
  trx: Db,
  entry: OutboxEntry<E, P>,
): Promise<number | null> {
  const now = Date.now();
  const id = await outboxRepo.insertOnce(trx, {
    channel_id: entry.channel_id,
    event: entry.event,
    payload: JSON.stringify(entry.payload),
    dedup_key: entry.dedup_key,
    status: 'pending',
    attempts: 0,
    max_attempts: entry.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
    next_attempt_at: entry.not_before ?? now,
    created_at: now,
  });
  return id ?? null;
}

export interface MonitorEventInput {
  monitor: NotifyMonitor;
  /** The monitor's chosen channels; disabled or deleted ones are skipped. */
  channelIds: readonly number[];
  event: Exclude<NotifyEvent, 'test'>;
  incident?: NotifyIncident | null;
  result?: NotifyResult | null;
  /**
   * Identifies this alert across retries and repeated calls. Default: `<event>:incident:<id>`
   * with an incident, else `<event>:monitor:<id>:<at>`. Pass your own for certificate warnings
   * (e.g. `monitor.tls_expiring:monitor:7:14d:<not_after>`) and down reminders (`…:reminder:2`).
   */
  dedupKey?: string;
  /** When the event happened (epoch ms); now by default. */
  at?: number;
  /** A down alert's dependants that went down with it (issue 14). */
  affected?: NotificationPayload['affected'];
  /** A down alert of a multi-location monitor: the locations that saw it down (issue 13). */
  locations?: NotificationPayload['locations'] | undefined;
  /** monitor.escalated: the policy step this is. */
  escalation?: NotificationPayload['escalation'];
  /** monitor.escalated to a person: the nonce of their acknowledgement link. */
  ackNonce?: string;
}

/** The default dedup key of a monitor event. */
export function monitorEventKey(input: MonitorEventInput, at: number): string {
  if (input.dedupKey) return input.dedupKey;
  return input.incident
    ? `${input.event}:incident:${input.incident.id}`
    : `${input.event}:monitor:${input.monitor.id}:${at}`;
}

/**
 * The incident logic's entry point: queues `event` for every enabled channel among
 * `channelIds`, inside `trx` (the transaction that records the state change). Returns how many
 * notifications were queued (duplicates of an earlier call are not counted).
 */
export async function notifyMonitorEvent(
  trx: Db,
  ctx: { outbox: { readonly maxAttempts: number } },
  input: MonitorEventInput,
): Promise<number> {
  const at = input.at ?? Date.now();
  const channels = await channelsRepo.enabledIn(trx, [...new Set(input.channelIds)]);
  const payload: NotificationPayload = {
    event: input.event,
    monitor: { id: input.monitor.id, name: input.monitor.name, url: input.monitor.url },
    incident: input.incident ?? null,
    result: input.result ?? null,
    at: new Date(at).toISOString(),
    ...(input.affected && { affected: input.affected }),
    ...(input.locations && input.locations.length > 0 && { locations: input.locations }),
  };
  if (input.escalation) payload.escalation = input.escalation;
  if (input.ackNonce) payload.ack_nonce = input.ackNonce;
  const key = monitorEventKey(input, at);
  // Personal contact methods wait out their owner's quiet hours for events below the chosen severity.
  const owners = channels.flatMap((ch) => (ch.owner_user_id === null ? [] : [Number(ch.owner_user_id)]));
  const held = await heldUntil(trx, owners, input.event, Date.now());
  let queued = 0;
  for (const ch of channels) {
    const notBefore = ch.owner_user_id === null ? undefined : held.get(Number(ch.owner_user_id));
    const id = await enqueueNotification(trx, {
      channel_id: ch.id,
      event: input.event,
      payload,
      dedup_key: key,
      max_attempts: ctx.outbox.maxAttempts,
      ...(notBefore !== undefined && { not_before: notBefore }),
    });
    if (id !== null) queued++;
  }
  return queued;
}

/** A unique key for a one-off notification (channel tests). */
export function oneOffKey(prefix: string): string {
  return `${prefix}:${randomUUID()}`;
}
