import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BrowserPoolStats } from '../../engine/checks/index.js';
import type { PendingResult } from '../../engine/results/result-writer.js';
import { CheckCounters } from './check-counters.js';

/** What the service-level gauges read at scrape time (nothing is tracked per check for them). */
export interface MetricSources {
  checksInFlight(): number;
  outboxCounts(): Promise<{ pending: number; failed: number }>;
  failedDeliveryAttempts(): number;
  /** The browser checks' queue (issue 32). */
  browserPool?(): BrowserPoolStats;
}

/**
 * The service's own metrics in a registry of this server (not prom-client's global one: tests run
 * several servers in one process), plus the per-monitor check counters. Hooks are plain methods so
 * the engine calls them without knowing about Prometheus.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly checks = new CheckCounters();
  private readonly lag: Histogram;
  private readonly batchWrite: Histogram;
  private readonly sse: Gauge;
  private readonly probeRefused: Counter<'location' | 'reason'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.lag = new Histogram({
      name: 'monitor_engine_scheduling_lag_seconds',
      help: 'How late scheduled checks started after their due time.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.batchWrite = new Histogram({
      name: 'monitor_engine_result_batch_write_seconds',
      help: 'Time to store one batch of check results (one transaction).',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.sse = new Gauge({
      name: 'monitor_sse_clients',
      help: 'Open dashboard live streams on this instance.',
      registers,
    });
    this.probeRefused = new Counter({
      name: 'monitor_probe_results_refused_total',
      help: 'Probe results refused by this instance, by location and reason.',
      labelNames: ['location', 'reason'],
      registers,
    });
  }

  /** Registers the gauges read from the engine, the outbox and the database at each scrape. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'monitor_engine_checks_in_flight',
      help: 'Checks running on this instance now.',
      registers,
      collect() {
        this.set(sources.checksInFlight());
      },
    });
    // Both outbox gauges are collected in the same scrape (prom-client collects in parallel): they
    // share one query.
    let query: Promise<{ pending: number; failed: number }> | null = null;
    const counts = () =>
      (query ??= sources.outboxCounts().finally(() => {
        query = null;
      }));
    new Gauge({
      name: 'monitor_outbox_pending',
      help: 'Notifications waiting for delivery (all instances).',
      registers,
      async collect() {
        this.set((await counts()).pending);
      },
    });
    new Gauge({
      name: 'monitor_outbox_failed',
      help: 'Notifications given up after their last attempt, until pruned (all instances).',
      registers,
      async collect() {
        this.set((await counts()).failed);
      },
    });
    new Counter({
      name: 'monitor_outbox_failed_attempts_total',
      help: 'Delivery attempts that failed on this instance since it started (retried or not).',
      registers,
      collect() {
        this.reset();
        this.inc(sources.failedDeliveryAttempts());
      },
    });
    const pool = sources.browserPool;
    if (!pool) return;
    // The browser checks' queue: how many wait, and how long they waited (the lag beyond BROWSER_CONCURRENCY).
    new Gauge({
      name: 'monitor_browser_checks_queued',
      help: 'Browser checks waiting for a browser slot (BROWSER_CONCURRENCY) on this instance.',
      registers,
      collect() {
        this.set(pool().queued);
      },
    });
    new Gauge({
      name: 'monitor_browser_checks_running',
      help: 'Browser checks running on this instance now.',
      registers,
      collect() {
        this.set(pool().active);
      },
    });
    new Counter({
      name: 'monitor_browser_queue_wait_seconds_total',
      help: 'Time browser checks spent waiting for a slot, in total (divide by ..._admitted_total).',
      registers,
      collect() {
        this.reset();
        this.inc(pool().waitSecondsTotal);
      },
    });
    new Counter({
      name: 'monitor_browser_checks_admitted_total',
      help: 'Browser checks that got a slot since the start.',
      registers,
      collect() {
        this.reset();
        this.inc(pool().admitted);
      },
    });
    new Gauge({
      name: 'monitor_browser_queue_max_wait_seconds',
      help: 'The longest a browser check waited for a slot since the start.',
      registers,
      collect() {
        this.set(pool().maxWaitSeconds);
      },
    });
    new Counter({
      name: 'monitor_browser_restarts_total',
      help: 'Times the shared Chromium was restarted for growing past BROWSER_MEMORY_CAP_MB.',
      registers,
      collect() {
        this.reset();
        this.inc(pool().restarts);
      },
    });
  }

  /** A scheduled check started `lagMs` after its due time. */
  readonly checkStarted = (lagMs: number): void => {
    this.lag.observe(Math.max(0, lagMs) / 1000);
  };

  /** A result batch was committed. */
  readonly resultsStored = (rows: readonly PendingResult[], writeMs: number): void => {
    this.batchWrite.observe(writeMs / 1000);
    this.checks.count(rows);
  };

  /** Results of a probe's batch were refused (not assigned, paused, or their time implausible). */
  probeResultsRefused(location: string, rejected: readonly { reason: string }[]): void {
    for (const r of rejected) this.probeRefused.inc({ location, reason: r.reason });
  }

  sseOpened(): void {
    this.sse.inc();
  }

  sseClosed(): void {
    this.sse.dec();
  }
}
