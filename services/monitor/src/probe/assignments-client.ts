import { type Logger, WakeableSleep } from '@app/kit';
import type { ProbeAssignmentEvent, ProbeAssignmentsResponse } from '../shared-types/probe-protocol.js';
import { type CentralClient, CentralError } from './central-client.js';
import type { ProbeScheduler } from './probe-scheduler.js';
import { readSse } from './sse-reader.js';

/** Changes announced within this long are fetched together. */
const DEBOUNCE_MS = 100;
/** Ids per `?ids=` request (keeps the URL short). */
const IDS_PER_REQUEST = 200;
/** The central instance pings every 15 s: a stream silent this long is dead, and reopened. */
const STREAM_SILENCE_MS = 45_000;
const RECONNECT_MIN_MS = 500;
/** A failed read of changed monitors is tried again after this long. */
const RETRY_CHANGED_MS = 2_000;
const RECONNECT_MAX_MS = 5_000;

export interface AssignmentsListener {
  /** Called with the location's facts after every successful read. */
  location(loc: ProbeAssignmentsResponse['location'], serverTime: number): void;
}

/**
 * Keeps the scheduler's monitors in step with the central instance: follows GET /api/probe/stream
 * and reads everything (GET /api/probe/assignments) each time the stream opens (at start and after
 * every reconnect, since events may have been missed) and on `resync`; on `assignment` events the
 * changed ids are read with `?ids=`, debounced. Reads run one at a time, so they apply in order.
 * While the central instance is unreachable the scheduler keeps the last list it had.
 */
export class AssignmentsClient {
  private stopped = false;
  private readonly controller = new AbortController();
  private changed = new Set<number>();
  private debounce: NodeJS.Timeout | null = null;
  private reads: Promise<void> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private loaded = false;
  // Back-offs end early on stop (and, for the sender, on new results).
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly central: CentralClient,
    private readonly scheduler: ProbeScheduler,
    private readonly listener: AssignmentsListener,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.debounce) clearTimeout(this.debounce);
    this.controller.abort();
    this.pause.wake();
    await this.loop;
    await this.reads;
  }

  /** Reads every assignment (queued behind any read under way). */
  readAll(): Promise<void> {
    return this.enqueue(async () => {
      // A full read covers every change announced so far.
      this.changed.clear();
      const answer = await this.central.assignments(undefined, this.controller.signal);
      this.scheduler.apply(answer.monitors, answer.removed, true);
      this.listener.location(answer.location, answer.server_time);
      if (!this.loaded) {
        this.log.info(
          { location: answer.location.id, monitors: this.scheduler.size },
          'probe: assignments loaded; checking',
        );
      }
      this.loaded = true;
    });
  }

  private async follow(): Promise<void> {
    let backoff = RECONNECT_MIN_MS;
    let announced = false;
    while (!this.stopped) {
      // One connection: aborted by stop() or by the silence watchdog.
      const conn = new AbortController();
      const onStop = () => conn.abort();
      this.controller.signal.addEventListener('abort', onStop, { once: true });
      try {
        const body = await this.central.stream(conn.signal);
        if (!announced) this.log.info('probe: following the assignment stream');
        announced = true;
        backoff = RECONNECT_MIN_MS;
        // Events missed while disconnected: read everything now the stream is open.
        await this.readAll();
        await this.consume(body, conn);
        if (!this.stopped) this.log.warn('probe: the assignment stream ended; reconnecting');
      } catch (err) {
        if (this.stopped) break;
        this.log.warn({ err: describe(err) }, 'probe: the assignment stream failed; reconnecting');
        // Without a stream, still try a plain read: checking starts as soon as the list is known.
        if (!this.loaded) await this.readAll().catch(() => undefined);
      } finally {
        this.controller.signal.removeEventListener('abort', onStop);
        conn.abort();
      }
      await this.pause.sleep(backoff);
      backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    }
  }

  private async consume(body: ReadableStream<Uint8Array>, conn: AbortController): Promise<void> {
    let silence: NodeJS.Timeout | null = null;
    const alive = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => conn.abort(), STREAM_SILENCE_MS);
    };
    alive();
    try {
      for await (const ev of readSse(body, alive)) {
        if (ev.event === 'resync') void this.readAll().catch((err: unknown) => this.readFailed(err));
        else if (ev.event === 'assignment') this.onAssignment(ev.data);
      }
    } finally {
      if (silence) clearTimeout(silence);
    }
  }

  private onAssignment(data: string): void {
    let ev: ProbeAssignmentEvent;
    try {
      ev = JSON.parse(data) as ProbeAssignmentEvent;
    } catch {
      return;
    }
    if (!Number.isInteger(ev.id)) return;
    // Already in step (an echo of a read that came first): nothing to fetch.
    const held = this.scheduler.versionOf(ev.id);
    if (ev.version !== null && held === ev.version) return;
    if (ev.version === null && held === undefined) return;
    this.changed.add(ev.id);
    this.readChangedIn(DEBOUNCE_MS);
  }

  private readChangedIn(ms: number): void {
    this.debounce ??= setTimeout(() => {
      this.debounce = null;
      void this.readChanged().catch((err: unknown) => {
        this.readFailed(err);
        // Tried again shortly (a full read after a reconnect covers them too).
        if (!this.stopped && this.changed.size > 0) this.readChangedIn(RETRY_CHANGED_MS);
      });
    }, ms);
  }

  private readChanged(): Promise<void> {
    return this.enqueue(async () => {
      const ids = [...this.changed];
      this.changed.clear();
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
        const part = ids.slice(i, i + IDS_PER_REQUEST);
        try {
          const answer = await this.central.assignments(part, this.controller.signal);
          this.scheduler.apply(answer.monitors, answer.removed, false);
        } catch (err) {
          // Asked again at the next reconnect's full read (the stream breaks when the central does).
          for (const id of ids.slice(i)) this.changed.add(id);
          throw err;
        }
      }
    });
  }

  private readFailed(err: unknown): void {
    if (!this.stopped) this.log.warn({ err: describe(err) }, 'probe: reading assignments failed');
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.reads.then(() => (this.stopped ? undefined : work()));
    this.reads = next.catch(() => undefined);
    return next;
  }
}

function describe(err: unknown): string {
  if (err instanceof CentralError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
