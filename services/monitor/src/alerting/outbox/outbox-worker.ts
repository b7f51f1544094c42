import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type DialectName, type Logger, WakeableSleep } from '@app/kit';
import type { Kysely } from 'kysely';
import type { SettingsStore } from '../../platform/settings/settings-store.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { type OutboxRow, outboxRepo } from '../../store/repos/outbox-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { openConfig } from '../channels/channel-config.js';
import { ackUrl } from '../notify/ack-url.js';
import { type AttachedMailPayload, isAttachedMailEvent, sendAttachedMail } from '../notify/attached-mail.js';
import { DEFAULT_MAX_ATTEMPTS } from '../notify/enqueue.js';
import { excerpt } from '../notify/http-post.js';
import { isChannelType, providers } from '../notify/providers/index.js';
import type { DeliveryOutcome, NotificationPayload, SendContext } from '../notify/types.js';
import {
  isSubscriberEvent,
  type SubscriberPayload,
  type SubscriberSendKeys,
  sendSubscriberMail,
} from '../subscriptions/subscriber-mail.js';
import { customMessage } from '../templates/channel-message.js';
import { isPermanentStatus, retryDelay } from './backoff.js';
import { completeSummary, FloodGuard, guarded, holdForSummary } from './flood-guard.js';

export interface OutboxOptions {
  /** How often due rows are looked for when idle. */
  pollMs?: number;
  /** How long a claim lasts; a crashed worker's rows are retried after it. Must exceed timeoutMs. */
  leaseMs?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** Per-send timeout. */
  timeoutMs?: number;
  /** The flood guard's window (a minute; shorter in tests). */
  floodWindowMs?: number;
}

export interface OutboxDeps {
  db: Kysely<MonitorDB>;
  dialect: DialectName;
  log: Logger;
  encryptionKey: Buffer;
  settings: SettingsStore;
  /** Keys for status page subscriber mail (its links); without them such rows are given up. */
  subscriberKeys?: SubscriberSendKeys;
  /** Signs acknowledgement links in pages to people (issue 33); without it they carry none. */
  ackKey?: Buffer;
}

const DEFAULTS: Required<OutboxOptions> = {
  pollMs: 1000,
  leaseMs: 60_000,
  batchSize: 20,
  baseDelayMs: 10_000,
  maxDelayMs: 3_600_000,
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
  timeoutMs: 10_000,
  floodWindowMs: 60_000,
};

/** An outcome, marked permanent when retrying cannot help (channel gone, disabled, undecryptable). */
type Attempted = DeliveryOutcome & {
  permanent?: boolean;
  /** Held by the channel's flood guard: the window start and the limit (nothing was sent). */
  held?: { window: number; limit: number };
};

function giveUp(error: string): Attempted {
  return { ok: false, status: null, error, permanent: true };
}

/** What one attempt did. */
export interface AttemptResult {
  outcome: DeliveryOutcome;
  attempt: number;
  willRetry: boolean;
}

/**
 * Delivers the outbox. Rows are claimed by a lease written in the database, so any number of
 * instances on one PostgreSQL share the work and a crashed instance's claims simply expire.
 * Delivery is at least once: only a crash between the provider accepting a message and the
 * commit that records it can send it twice (the idempotency key lets receivers drop that copy).
 */
export class OutboxWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly options: Required<OutboxOptions>;
  private running = false;
  // The poll's pause; new work wakes it.
  private readonly pause = new WakeableSleep();
  private loopDone: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Delivery attempts that failed in this process since it started (for /metrics). */
  failedAttempts = 0;
  private readonly flood: FloodGuard;

  constructor(
    private readonly deps: OutboxDeps,
    options: OutboxOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.flood = new FloodGuard(this.options.floodWindowMs);
    // A lease shorter than a send would let a second worker take a row still being delivered.
    if (this.options.leaseMs <= this.options.timeoutMs) {
      throw new Error(
        `outbox leaseMs (${this.options.leaseMs}) must exceed timeoutMs (${this.options.timeoutMs})`,
      );
    }
  }

  get maxAttempts(): number {
    return this.options.maxAttempts;
  }

  /** Starts polling for due notifications. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due rows now instead of at the next poll. */
  kick(): void {
    this.pause.wake();
  }

  /** Claims one batch of due rows and delivers them; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const now = Date.now();
    const rows = await outboxRepo.claimDue(
      this.deps.db,
      this.deps.dialect,
      this.owner,
      now,
      now + this.options.leaseMs,
      this.options.batchSize,
    );
    await Promise.all(rows.map((r) => this.track(this.deliver(r))));
    return rows.length;
  }

  /**
   * Queues a notification already claimed by this worker and delivers it at once (channel tests):
   * the same path as every alert, but the caller gets the answer and nothing is retried.
   */
  async sendNow(channelId: number, payload: NotificationPayload, dedupKey: string): Promise<AttemptResult> {
    const now = Date.now();
    const row = await outboxRepo.insertClaimed(this.deps.db, {
      channel_id: channelId,
      event: payload.event,
      payload: JSON.stringify(payload),
      dedup_key: dedupKey,
      status: 'pending',
      attempts: 1,
      max_attempts: 1,
      next_attempt_at: now,
      lease_owner: this.owner,
      lease_until: now + this.options.leaseMs,
      created_at: now,
    });
    return this.track(this.deliver(row));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (e) {
        this.deps.log.error({ err: e }, 'outbox: claiming due notifications failed');
      }
      if (!this.running) break;
      // A full batch suggests more are due: go again at once.
      if (claimed < this.options.batchSize) await this.pause.sleep(this.options.pollMs);
    }
  }

  private async attempt(row: OutboxRow): Promise<Attempted> {
    const channel = await channelsRepo.byId(this.deps.db, row.channel_id);
    if (!channel) return giveUp('the channel was deleted');
    if (channel.is_enabled !== 1 && row.event !== 'test') {
      return giveUp('the channel is disabled');
    }
    if (!isChannelType(channel.type)) {
      return giveUp(`unknown channel type ${channel.type}`);
    }
    const provider = providers[channel.type];
    if (channel.flood_limit !== null && guarded(row.event)) {
      const window = this.flood.admit(Number(channel.id), channel.flood_limit, Date.now());
      if (window !== null)
        return {
          ok: false,
          status: null,
          error: 'held by the flood guard',
          held: { window, limit: channel.flood_limit },
        };
    }
    let config: Record<string, unknown>;
    try {
      config = openConfig(this.deps.encryptionKey, channel.type, channel.config);
    } catch {
      return giveUp('cannot decrypt the channel secrets (was SECRET_KEY changed?)');
    }
    const s = await this.deps.settings.get();
    const sendCtx: SendContext = {
      appBaseUrl: s.app_base_url,
      timeoutMs: this.options.timeoutMs,
      idempotencyKey: `${row.channel_id}:${row.dedup_key}`,
      smtp: {
        host: s.smtp_host,
        port: s.smtp_port,
        secure: s.smtp_secure,
        username: s.smtp_username,
        password: s.smtp_password,
        from: s.smtp_from,
      },
    };
    // A finished mail with attachments (scheduled reports) goes to its own recipients.
    if (isAttachedMailEvent(row.event)) {
      if (channel.type !== 'email') return giveUp('report mail needs an e-mail channel');
      return sendAttachedMail(config, JSON.parse(row.payload) as AttachedMailPayload, sendCtx);
    }
    // Status page subscribers are mailed through an e-mail channel's server, one row per subscriber.
    if (isSubscriberEvent(row.event)) {
      if (channel.type !== 'email') return giveUp('subscriber mail needs an e-mail channel');
      if (!this.deps.subscriberKeys) return giveUp('subscriber mail is not set up on this instance');
      const payload = JSON.parse(row.payload) as SubscriberPayload;
      return sendSubscriberMail(this.deps.db, this.deps.subscriberKeys, config, payload, sendCtx);
    }
    let payload = JSON.parse(row.payload) as NotificationPayload;
    if (payload.event === 'flood.summary')
      payload = await completeSummary(this.deps.db, row.channel_id, payload);
    if (payload.ack_nonce) {
      const url = this.deps.ackKey ? ackUrl(this.deps.ackKey, s.app_base_url, payload.ack_nonce) : null;
      delete payload.ack_nonce;
      if (url) payload.ack_url = url;
    }
    sendCtx.custom = await this.customMessage(channel, payload, s.app_base_url);
    return provider.send(config, payload, sendCtx);
  }

  /** The channel's template for the event, rendered; a broken one falls back to the built-in text. */
  private async customMessage(
    channel: { id: number; type: string },
    payload: NotificationPayload,
    base: string | null,
  ) {
    try {
      return await customMessage(this.deps.db, channel, payload, base);
    } catch (err) {
      this.deps.log.warn(
        { err, channel_id: channel.id },
        'outbox: the channel template failed; sending the built-in text',
      );
      return undefined;
    }
  }

  private async deliver(row: OutboxRow): Promise<AttemptResult> {
    const started = Date.now();
    let outcome: Attempted;
    try {
      outcome = await this.attempt(row);
    } catch (e) {
      outcome = { ok: false, status: null, error: excerpt((e as Error).message) };
    }
    const at = Date.now();
    if (outcome.held) {
      const held = outcome.held;
      await this.deps.db
        .transaction()
        .execute((trx) =>
          holdForSummary(
            trx,
            row,
            this.owner,
            held.window,
            this.options.floodWindowMs,
            held.limit,
            this.options.maxAttempts,
          ),
        );
      return { outcome, attempt: row.attempts, willRetry: false };
    }
    const permanent = !outcome.ok && (outcome.permanent ?? isPermanentStatus(outcome.status));
    const willRetry = !outcome.ok && !permanent && row.attempts < row.max_attempts;
    const error = outcome.ok ? null : outcome.error;
    await this.deps.db.transaction().execute(async (trx) => {
      await outboxRepo.recordAttempt(trx, {
        outbox_id: row.id,
        channel_id: row.channel_id,
        event: row.event,
        attempt: row.attempts,
        status: outcome.ok ? 'delivered' : 'failed',
        will_retry: willRetry ? 1 : 0,
        http_status: outcome.status,
        error,
        duration_ms: at - started,
        at,
      });
      const kept = await outboxRepo.settle(trx, row.id, this.owner, {
        status: outcome.ok ? 'delivered' : willRetry ? 'pending' : 'failed',
        next_attempt_at: willRetry
          ? at + retryDelay(row.attempts, this.options.baseDelayMs, this.options.maxDelayMs)
          : row.next_attempt_at,
        last_error: error,
        finished_at: willRetry ? null : at,
      });
      if (!kept)
        this.deps.log.warn(
          { outbox_id: row.id },
          'outbox: lease expired during delivery; another worker owns the row',
        );
    });
    if (!outcome.ok) {
      this.failedAttempts++;
      this.deps.log.warn(
        {
          outbox_id: row.id,
          channel_id: row.channel_id,
          attempt: row.attempts,
          will_retry: willRetry,
          error,
        },
        'notification delivery failed',
      );
    }
    return { outcome, attempt: row.attempts, willRetry };
  }
}
