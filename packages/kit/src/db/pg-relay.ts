import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; stay clear of it with the envelope. */
const NOTIFY_BUDGET = 7000;
const REF_TABLE = 'kit_relay_payloads';
/** Payloads stored by reference are kept this long: every listener reads them within a second. */
const REF_KEEP_MS = 60_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export interface PgRelayOptions {
  /** `postgres://…`, including any `options=-c search_path=…` that selects the schema. */
  databaseUrl: string;
  /** A name for this kind of traffic (`monitor_events`); the schema is appended, so databases sharing one server stay apart. */
  channel: string;
  /** Messages published by the other instances, in the order each of them published. */
  onMessage(message: unknown): void;
  /**
   * Called after the listening connection was lost and is back: messages published meanwhile are
   * gone, so listeners must treat their state as incomplete (reload, or tell clients to resync).
   */
  onGap?(): void;
  onError?(err: unknown): void;
}

type Envelope = { o: string; m: unknown[] } | { o: string; ref: number };

/**
 * Messages between the instances of one service over PostgreSQL's LISTEN/NOTIFY: each instance
 * publishes what happened on it, and hears everyone else. Messages published in one event-loop turn
 * go out as one NOTIFY; one too big for NOTIFY is stored in a table and sent by reference. A lost
 * connection is re-established with backoff and reported as a gap. Nothing is durable: this carries
 * live events, and consumers own their recovery after a gap.
 */
export class PgRelay {
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private channelName = '';
  private queue: unknown[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private refInserts = 0;
  // Receiving is chained so a message fetched by reference keeps its place among the others.
  private receiving: Promise<void> = Promise.resolve();

  private constructor(private readonly opts: PgRelayOptions) {}

  /** Connects, creates the reference table if needed, and listens. Rejects when PostgreSQL cannot be reached. */
  static async start(opts: PgRelayOptions): Promise<PgRelay> {
    const relay = new PgRelay(opts);
    await relay.connect();
    return relay;
  }

  /** Whether the listening connection is up (false while reconnecting, and after close). */
  get connected(): boolean {
    return this.client !== null && !this.closed;
  }

  /** Queues a message for every other instance; sent at the end of this event-loop turn. */
  publish(message: unknown): void {
    if (this.closed) return;
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  /** Resolves when everything published so far was handed to PostgreSQL (or dropped while disconnected). */
  async drain(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    await this.flushing;
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const { default: Pg } = await import('pg');
    const client = new Pg.Client({ connectionString: this.opts.databaseUrl, connectionTimeoutMillis: 5000 });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    const schema = (await client.query<{ s: string }>('select current_schema() as s')).rows[0]?.s ?? 'public';
    this.channelName = `${this.opts.channel}_${schema}`
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 63);
    await createRefTable(client);
    client.on('notification', (n) => {
      const text = n.payload;
      if (n.channel !== this.channelName || !text) return;
      this.receiving = this.receiving.then(() => this.receive(text));
    });
    await client.query(`listen ${client.escapeIdentifier(this.channelName)}`);
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    if (err) this.opts.onError?.(err);
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(async () => {
      try {
        await this.connect();
        this.opts.onGap?.();
      } catch (err) {
        this.opts.onError?.(err);
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      }
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  private async flush(): Promise<void> {
    const messages = this.queue;
    this.queue = [];
    const client = this.client;
    if (!client || messages.length === 0) return;
    try {
      for (const envelope of this.pack(messages)) {
        let text = JSON.stringify(envelope);
        if (Buffer.byteLength(text) >= NOTIFY_BUDGET) text = await this.byReference(client, text);
        await client.query('select pg_notify($1, $2)', [this.channelName, text]);
      }
    } catch (err) {
      // The connection's own error handler reconnects; these messages are part of the gap.
      this.opts.onError?.(err);
    }
  }

  /** Groups messages into envelopes that fit NOTIFY, keeping their order; an oversized one travels alone. */
  private pack(messages: unknown[]): Envelope[] {
    const out: Envelope[] = [];
    let batch: unknown[] = [];
    let size = 0;
    for (const m of messages) {
      const n = Buffer.byteLength(JSON.stringify(m)) + 1;
      if (batch.length > 0 && size + n > NOTIFY_BUDGET - 100) {
        out.push({ o: this.origin, m: batch });
        batch = [];
        size = 0;
      }
      batch.push(m);
      size += n;
    }
    if (batch.length > 0) out.push({ o: this.origin, m: batch });
    return out;
  }

  private async byReference(client: pg.Client, body: string): Promise<string> {
    const now = Date.now();
    const res = await client.query<{ id: string }>(
      `insert into ${REF_TABLE} (body, created_at) values ($1, $2) returning id`,
      [body, now],
    );
    if (++this.refInserts % 50 === 1) {
      await client.query(`delete from ${REF_TABLE} where created_at < $1`, [now - REF_KEEP_MS]);
    }
    return JSON.stringify({ o: this.origin, ref: Number(res.rows[0]!.id) } satisfies Envelope);
  }

  private async receive(text: string): Promise<void> {
    try {
      let env = JSON.parse(text) as Envelope;
      if (env.o === this.origin) return;
      if ('ref' in env) {
        const client = this.client;
        if (!client) return;
        const res = await client.query<{ body: string }>(`select body from ${REF_TABLE} where id = $1`, [
          env.ref,
        ]);
        const body = res.rows[0]?.body;
        if (!body) return;
        env = JSON.parse(body) as Envelope;
      }
      if ('m' in env) for (const m of env.m) this.opts.onMessage(m);
    } catch (err) {
      this.opts.onError?.(err);
    }
  }
}

/**
 * `create table if not exists` is not safe against itself: instances starting together can fail with
 * a duplicate key (23505), a duplicate table (42P07) or a duplicate row type (42710: the table's type
 * is created first). Each waits for the other's commit before failing, so the table exists afterwards.
 */
async function createRefTable(client: pg.Client): Promise<void> {
  try {
    await client.query(
      `create table if not exists ${REF_TABLE} (id bigserial primary key, body text not null, created_at bigint not null)`,
    );
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code !== '23505' && code !== '42P07' && code !== '42710') throw e;
  }
}
