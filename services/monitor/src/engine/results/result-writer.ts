import type { Kysely, Transaction } from 'kysely';
import type { EventBus } from '../../platform/events/event-bus.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { MonitorLocationState } from '../../shared-types/location-shapes.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { inboxDrainRepo } from '../../store/repos/inbox-drain-repo.js';
import { type LocationStateRow, locationStatesRepo } from '../../store/repos/location-states-repo.js';
import { type MonitorRuntime, monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB, MonitorStatus, StatusReason } from '../../store/schema.js';
import type { CheckDetails } from '../checks/index.js';
import { publishResult } from './result-events.js';

/** A processed check waiting to be stored: its result row, the monitor's new runtime and the event facts. */
export interface PendingResult {
  monitor_id: number;
  checked_at: number;
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  /** Journeys (issue 32): per-step timings and evidence, stored as JSON; absent for other checks. */
  details?: CheckDetails;
  prev_status: MonitorStatus;
  /** The monitor's status reason before this result (`dependency_down` or null). */
  prev_reason?: StatusReason | null;
  runtime: MonitorRuntime;
  // Issue 13. The next three are set for monitors checked from several locations only: results of
  // monitors checked from `local` alone carry none of them and cost what they always did.
  /** Where the check ran (`local` included); absent: `local`. Stored as null for `local`. */
  location_id?: string;
  /** That location's new state, written to `monitor_locations`. */
  location?: LocationStateRow;
  /** Every location's state after this result, for the live events and incidents. */
  locations?: MonitorLocationState[];
  /** A probe's result: its `probe_inbox` row leaves in the transaction that stores it. */
  inbox_id?: number;
}

/** A result as stored, with its id. */
export interface StoredResult extends PendingResult {
  result_id: number;
}

export interface AfterCommitEvent {
  name: string;
  data: unknown;
}

export interface ResultWriterOptions {
  /** Results are collected this long before one transaction writes them all. */
  flushMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  /** Monitors whose results must be dropped (deleted meanwhile). */
  isGone?: (monitorId: number) => boolean;
  /**
   * Runs inside each batch's transaction after the rows are stored (incidents and their alerts
   * must commit with the results that cause them); the events it returns go out after commit.
   */
  inTransaction?: (trx: Transaction<MonitorDB>, stored: StoredResult[]) => Promise<AfterCommitEvent[]>;
  onError?: (err: unknown) => void;
  /** After each batch commits, with how long its transaction took (for /metrics; keep it cheap). */
  onStored?: (rows: readonly PendingResult[], writeMs: number) => void;
}

// A database outage must not grow memory without bound: beyond this, the oldest results are dropped.
const MAX_BUFFERED = 100_000;

/**
 * Writes check results in batches: one transaction per batch inserts the rows and updates the
 * monitors' runtime fields, then the events go out with the stored ids.
 */
export class ResultWriter {
  private buffer: PendingResult[] = [];
  /** Probe results dropped unjudged (monitor gone, location no longer listed): deleted with the next batch. */
  private discarded: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private failedAttempts = 0;
  /** Total rows stored, for benchmarks and logs. */
  stored = 0;
  /** Told which probe_inbox rows left the writer: deleted (committed) or given up. */
  private inboxListener: ((inboxIds: readonly number[]) => void) | null = null;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly bus: EventBus,
    private readonly opts: ResultWriterOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 200;
    this.maxBatch = opts.maxBatch ?? 2000;
  }

  /** Queues a result; it is stored within `flushMs`. */
  add(r: PendingResult): void {
    this.buffer.push(r);
    if (this.buffer.length > MAX_BUFFERED) this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
    if (this.buffer.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Registers who hears of the probe_inbox rows that left the writer (stored, or given up). */
  onInboxSettled(listener: (inboxIds: readonly number[]) => void): void {
    this.inboxListener = listener;
  }

  /** Queues `probe_inbox` rows to delete without a result (nothing to judge them for). */
  discard(inboxIds: readonly number[]): void {
    if (inboxIds.length === 0) return;
    this.discarded.push(...inboxIds);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes everything queued so far; resolves once it is stored (or failed and was re-queued). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    const discarded = this.discarded;
    this.buffer = [];
    this.discarded = [];
    this.chain = this.chain.then(() => this.write(batch, discarded));
    return this.chain;
  }

  private async write(batch: PendingResult[], discarded: number[]): Promise<void> {
    const isGone = this.opts.isGone;
    let rows = isGone ? batch.filter((r) => !isGone(r.monitor_id)) : batch;
    // Probe results leave the inbox with this batch, stored or not (their monitor may be gone).
    const consumed = discarded.slice();
    for (const r of batch) if (r.inbox_id !== undefined) consumed.push(r.inbox_id);
    if (rows.length === 0 && consumed.length === 0) return;
    let ids: number[];
    let extra: AfterCommitEvent[] = [];
    const started = performance.now();
    try {
      ids = await this.db.transaction().execute(async (trx) => {
        // Another instance (or a delete racing this batch) may have removed a monitor.
        const alive = await monitorsRepo.existing(trx, [...new Set(rows.map((r) => r.monitor_id))]);
        rows = rows.filter((r) => alive.has(r.monitor_id));
        const out = await checkResultsRepo.insertMany(
          trx,
          rows.map((r) => ({
            monitor_id: r.monitor_id,
            checked_at: r.checked_at,
            status: r.status === 'up' ? 1 : 0,
            response_time_ms: r.response_time_ms,
            status_code: r.status_code,
            error: r.error,
            tls_days_left: r.tls_days_left,
            ...(r.details && { details: JSON.stringify(r.details) }),
            ...(r.location_id !== undefined &&
              r.location_id !== LOCAL_LOCATION_ID && { location_id: r.location_id }),
          })),
        );
        const latest = new Map<number, MonitorRuntime>();
        let states: Map<string, LocationStateRow> | null = null;
        for (const r of rows) {
          latest.set(r.monitor_id, r.runtime);
          if (!r.location) continue;
          states ??= new Map();
          states.set(`${r.monitor_id}:${r.location.location_id}`, r.location);
        }
        for (const rt of latest.values()) await monitorsRepo.writeRuntime(trx, rt);
        if (states) await locationStatesRepo.write(trx, [...states.values()]);
        if (consumed.length > 0) await inboxDrainRepo.remove(trx, consumed);
        if (this.opts.inTransaction) {
          extra = await this.opts.inTransaction(
            trx,
            rows.map((r, i) => ({ ...r, result_id: out[i]! })),
          );
        }
        return out;
      });
    } catch (err) {
      this.opts.onError?.(err);
      // Put the batch back in front so results stay in order; the next flush retries it. A batch
      // that keeps failing (not an outage but bad data) is given up so it cannot block the rest.
      if (++this.failedAttempts <= 5) {
        this.buffer = [...batch, ...this.buffer];
        this.discarded = [...discarded, ...this.discarded];
      } else {
        this.failedAttempts = 0;
        // Given up: the rows stay in the inbox, to be judged again.
        if (consumed.length > 0) this.inboxListener?.(consumed);
      }
      this.timer ??= setTimeout(() => void this.flush(), Math.max(this.flushMs, 1000));
      return;
    }
    this.failedAttempts = 0;
    this.stored += rows.length;
    if (consumed.length > 0) this.inboxListener?.(consumed);
    this.opts.onStored?.(rows, performance.now() - started);
    rows.forEach((r, i) => {
      publishResult(this.bus, {
        monitor_id: r.monitor_id,
        result_id: ids[i]!,
        checked_at: r.checked_at,
        status: r.status,
        response_time_ms: r.response_time_ms,
        status_code: r.status_code,
        tls_days_left: r.tls_days_left,
        prev_status: r.prev_status,
        new_status: r.runtime.current_status,
        status_reason: r.runtime.status_reason ?? null,
        location_id: r.location_id ?? LOCAL_LOCATION_ID,
        ...(r.locations && { locations: r.locations }),
      });
    });
    for (const e of extra) this.bus.publish(e.name, e.data);
  }
}
