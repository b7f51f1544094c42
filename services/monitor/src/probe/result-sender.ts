import { randomUUID } from 'node:crypto';
import { type Logger, WakeableSleep } from '@app/kit';
import type { ProbeResult } from '../shared-types/probe-protocol.js';
import { type CentralClient, CentralError } from './central-client.js';
import type { Spool } from './spool.js';

/** The central instance takes at most this many results per batch. */
export const MAX_BATCH_RESULTS = 5_000;
/**
 * A batch's JSON stays under this, well inside the central instance's 8 MB body limit: a browser
 * failure's evidence (issue 32) is up to 2 × PROBE_EVIDENCE_MAX_KB in base64, other results ~300 B.
 */
export const MAX_BATCH_BYTES = 6 * 1024 * 1024;
const PLAIN_RESULT_BYTES = 400;
const BACKOFF_MIN_MS = 250;
/** Retries while the central instance is away come at most this far apart: it is back soon after. */
const BACKOFF_MAX_MS = 5_000;

/**
 * Delivers results to the central instance: every `batchMs` the results gathered are cut into
 * batches (a fresh UUID each), written to the spool, then sent one at a time, strictly in spool
 * order, each retried with backoff until the central instance acknowledges it (a batch it has seen
 * already is acknowledged as a duplicate, so a resend never stores anything twice). Results it
 * rejects (monitor no longer assigned here) are logged and not resent.
 */
export class ResultSender {
  private buffer: ProbeResult[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  // Back-offs end early on stop (and, for the sender, on new results).
  private readonly pause = new WakeableSleep();
  private stopped = false;
  private failing = false;
  /** Aborted when stop()'s time is up: a send under way gives up. */
  private readonly halt = new AbortController();
  /** Results the central instance acknowledged, and rejected, since start. */
  accepted = 0;
  rejected = 0;

  constructor(
    private readonly central: CentralClient,
    private readonly spool: Spool,
    private readonly batchMs: number,
    private readonly log: Logger,
  ) {}

  /** Starts the batch timer and sends what a previous run left in the spool. */
  start(): void {
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) =>
        this.log.error({ err }, 'probe: writing results to the spool failed'),
      );
    }, this.batchMs);
    this.kick();
  }

  /** Results checked and not yet in the spool. */
  get buffered(): number {
    return this.buffer.length;
  }

  add(result: ProbeResult): void {
    this.buffer.push(result);
  }

  /** Moves the gathered results into the spool as batches and makes sure they are being sent. */
  async flush(): Promise<void> {
    while (this.buffer.length > 0) {
      const results = this.buffer.splice(0, batchLength(this.buffer));
      await this.spool.append(randomUUID(), results);
    }
    this.kick();
  }

  /**
   * Stops: the last results go to the spool, and what the spool holds is sent while `untilMs`
   * (a Date.now() time) allows; anything left stays in the spool for the next start.
   */
  async stop(untilMs: number): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const cut = setTimeout(() => this.halt.abort(), Math.max(0, untilMs - Date.now()));
    try {
      await this.flush();
      this.stopped = true;
      this.pause.wake();
      await this.sending;
      while (!this.halt.signal.aborted && this.spool.peek()) {
        if (!(await this.sendOne())) break;
      }
    } finally {
      clearTimeout(cut);
    }
  }

  private kick(): void {
    if (this.sending || this.stopped) {
      this.pause.wake();
      return;
    }
    this.sending = this.sendLoop().finally(() => {
      this.sending = null;
    });
  }

  private async sendLoop(): Promise<void> {
    let backoff = BACKOFF_MIN_MS;
    while (!this.stopped && this.spool.peek()) {
      if (await this.sendOne()) {
        backoff = BACKOFF_MIN_MS;
        continue;
      }
      await this.pause.sleep(backoff);
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    }
  }

  // Sends the oldest spooled batch once: true when it left the spool (acknowledged, or refused for good).
  private async sendOne(): Promise<boolean> {
    const batch = this.spool.peek();
    if (!batch) return true;
    try {
      const answer = await this.central.postResults(
        { batch_id: batch.batch_id, sent_at: Date.now(), results: batch.results },
        this.halt.signal,
      );
      if (this.failing) this.log.info('probe: the central instance takes results again');
      this.failing = false;
      this.accepted += answer.accepted;
      if (answer.rejected.length > 0) {
        this.rejected += answer.rejected.length;
        this.log.warn(
          { batch_id: batch.batch_id, rejected: answer.rejected.length, first: answer.rejected[0] },
          'probe: the central instance rejected results (monitors no longer assigned here)',
        );
      }
      await this.spool.ack(batch.batch_id);
      return true;
    } catch (err) {
      if (err instanceof CentralError && !err.retryable) {
        // The central instance will never take this batch (malformed, too large): sending it again
        // would hold back every later one, so it leaves the spool, counted as dropped.
        this.log.error(
          { err: err.message, batch_id: batch.batch_id, results: batch.results.length },
          'probe: the central instance refused a batch for good; dropped',
        );
        await this.spool.drop(batch.batch_id);
        return true;
      }
      if (!this.failing) {
        this.log.warn(
          { err: err instanceof Error ? err.message : String(err), spooled: this.spool.spooledResults },
          'probe: sending results failed; they stay in the spool and are retried',
        );
      }
      this.failing = true;
      return false;
    }
  }
}

/** How many of the first results make one batch: at most MAX_BATCH_RESULTS and MAX_BATCH_BYTES (never none). */
export function batchLength(results: readonly ProbeResult[]): number {
  let bytes = 0;
  let n = 0;
  for (const r of results) {
    if (n === MAX_BATCH_RESULTS) break;
    bytes += r.details || r.evidence ? JSON.stringify(r).length : PLAIN_RESULT_BYTES;
    if (n > 0 && bytes > MAX_BATCH_BYTES) break;
    n++;
  }
  return n;
}
