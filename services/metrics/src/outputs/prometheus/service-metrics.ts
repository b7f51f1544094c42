// GET /metrics of the code-metrics service (Prometheus text format, prom-client): what an operator
// or an autoscaler watches. Every figure is read from the database at scrape time, so any instance
// answers for the whole deployment (queue depth is the same wherever it is asked), and a restart
// loses nothing. Stage durations, cache use and pylint and bandit outcomes are taken over the last RECENT
// finished runs: recent behaviour, not an all-time average that stops moving.
import type { Kysely } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { banditStatusOf } from '../../pipeline/bandit/bandit-status.js';
import { pylintStatusOf } from '../../pipeline/pylint/pylint-status.js';
import { observabilityRepo } from '../../store/repos/observability-repo.js';
import type { MetricsDB } from '../../store/schema.js';

export const RECENT = 200;
const STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;

type Stats = { blobs_hit?: number; blobs_measured?: number };

/** One registry per app; each gauge fills itself on collect from one shared read per scrape. */
export function serviceMetrics(db: Kysely<MetricsDB>): Registry {
  const registry = new Registry();
  let snapshot: Promise<Snapshot> | null = null;
  // The gauges are collected one after the other within a scrape: one database read serves them all.
  const read = () => {
    snapshot ??= readSnapshot(db).finally(() =>
      setTimeout(() => {
        snapshot = null;
      }, 0),
    );
    return snapshot;
  };
  new Gauge({
    name: 'metrics_queue_depth',
    help: 'Analyses waiting in the queue (status pending): the figure to add workers on',
    registers: [registry],
    async collect() {
      this.set((await read()).byStatus.pending ?? 0);
    },
  });
  new Gauge({
    name: 'metrics_runs',
    help: 'Analyses by status (a history run counts once, its per-commit runs not)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const s = await read();
      for (const st of STATUSES) this.set({ status: st }, s.byStatus[st] ?? 0);
    },
  });
  new Gauge({
    name: 'metrics_runs_failed',
    help: 'Failed analyses by error code',
    labelNames: ['error_code'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [code, n] of Object.entries((await read()).failedByCode)) this.set({ error_code: code }, n);
    },
  });
  new Gauge({
    name: 'metrics_stage_duration_seconds',
    help: `Seconds each stage took over the last ${RECENT} finished analyses (stat: avg or max)`,
    labelNames: ['stage', 'stat'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [stage, d] of Object.entries((await read()).stages)) {
        this.set({ stage, stat: 'avg' }, d.sum / d.n);
        this.set({ stage, stat: 'max' }, d.max);
      }
    },
  });
  new Gauge({
    name: 'metrics_cache_hit_ratio',
    help: `Files served from the content cache over files analysed, last ${RECENT} finished analyses`,
    registers: [registry],
    async collect() {
      const { hit, measured } = (await read()).cache;
      this.set(hit + measured === 0 ? 0 : hit / (hit + measured));
    },
  });
  new Gauge({
    name: 'metrics_tool_runs',
    help: `How each tool ended in the last ${RECENT} finished analyses (pylint: ok, off, timed_out, missing, failed, partial; bandit: the same, or unrecorded for runs from before bandit was recorded)`,
    labelNames: ['tool', 'outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [outcome, n] of Object.entries((await read()).pylint))
        this.set({ tool: 'pylint', outcome }, n);
      for (const [outcome, n] of Object.entries((await read()).bandit))
        this.set({ tool: 'bandit', outcome }, n);
    },
  });
  return registry;
}

interface Snapshot {
  byStatus: Record<string, number>;
  failedByCode: Record<string, number>;
  stages: Record<string, { sum: number; max: number; n: number }>;
  cache: { hit: number; measured: number };
  pylint: Record<string, number>;
  bandit: Record<string, number>;
}

async function readSnapshot(db: Kysely<MetricsDB>): Promise<Snapshot> {
  const [statuses, failed, recent] = await Promise.all([
    observabilityRepo.runsByStatus(db),
    observabilityRepo.failedByCode(db),
    observabilityRepo.recentDone(db, RECENT),
  ]);
  const s: Snapshot = {
    byStatus: Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)])),
    failedByCode: Object.fromEntries(failed.map((r) => [r.error_code ?? 'unknown', Number(r.n)])),
    stages: {},
    cache: { hit: 0, measured: 0 },
    pylint: {},
    bandit: {},
  };
  for (const run of recent) {
    const times = JSON.parse(run.stage_times) as { stage: string; at: number }[];
    for (let i = 0; i < times.length; i++) {
      const cur = times[i];
      const end = times[i + 1]?.at ?? run.finished_at;
      if (!cur || end === null || cur.stage === 'done') continue;
      const secs = Math.max(0, (Number(end) - cur.at) / 1000);
      const d = s.stages[cur.stage] ?? { sum: 0, max: 0, n: 0 };
      s.stages[cur.stage] = d;
      d.sum += secs;
      d.n++;
      d.max = Math.max(d.max, secs);
    }
    if (run.cache_stats) {
      const c = JSON.parse(run.cache_stats) as Stats;
      s.cache.hit += c.blobs_hit ?? 0;
      s.cache.measured += c.blobs_measured ?? 0;
    }
    const settings = JSON.parse(run.settings) as { pylint?: boolean; bandit?: boolean };
    const warnings = JSON.parse(run.warnings) as string[];
    const status = pylintStatusOf({ status: run.status, pylintEnabled: settings.pylint !== false, warnings });
    if (status) s.pylint[status] = (s.pylint[status] ?? 0) + 1;
    const bandit = banditStatusOf({ status: run.status, banditEnabled: settings.bandit, warnings });
    if (bandit) s.bandit[bandit] = (s.bandit[bandit] ?? 0) + 1;
  }
  return s;
}
