// What the metrics benchmarks that run the real service share: a service in this process on a
// throwaway data folder (SQLite), its worker started, and one analysis run to its end, timed as the
// client sees it and woken by the run's own change events (no polling on the run's clock).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../services/metrics/src/config.js';
import { createServer } from '../../services/metrics/src/server.js';
import { type AnalysisRow, analysesRepo } from '../../services/metrics/src/store/repos/analyses-repo.js';
import { procCpuSeconds } from './proc-stats.js';

export type MetricsServer = Awaited<ReturnType<typeof createServer>>;

/** A metrics service with `env` on a new temporary folder, its worker threads started and ready. */
export async function startMetricsServer(
  prefix: string,
  env: Record<string, string>,
): Promise<{ server: MetricsServer; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const server = await createServer(
    readConfig({ DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', PORT: '0', ...env }),
  );
  server.startWorker();
  // The worker threads start with the worker: wait for them, as a running service has them ready.
  await new Promise((r) => setTimeout(r, 3000));
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One finished run: wall ms (request to done), CPU s (this process and waited-for children). */
export interface TimedRun {
  wall: number;
  cpu: number;
  row: AnalysisRow;
  /** Each stored stage and the seconds until the next one. */
  stages: { stage: string; seconds: number }[];
}

/** Posts `payload` to `/api/analyses` and waits for the run to end; throws when it failed. */
export async function runAnalysis(
  server: MetricsServer,
  payload: Record<string, unknown>,
): Promise<TimedRun> {
  const cpu0 = procCpuSeconds();
  const t0 = performance.now();
  const res = await server.app.inject({ method: 'POST', url: '/api/analyses', payload });
  const id = (res.json() as { id: number }).id;
  await new Promise<void>((resolve) => {
    const check = async () => {
      const row = await analysesRepo.get(server.ctx.db, id);
      if (row && (row.status === 'done' || row.status === 'failed')) {
        stop();
        resolve();
      }
    };
    const stop = server.ctx.events.subscribe(
      id,
      () => void check(),
      () => {},
    );
    void check();
  });
  const wall = performance.now() - t0;
  const cpu = procCpuSeconds() - cpu0;
  const row = (await analysesRepo.get(server.ctx.db, id))!;
  if (row.status !== 'done') throw new Error(`run failed: ${row.error_code} ${row.error_message}`);
  const st = analysesRepo.parseStages(row);
  const stages = st.slice(0, -1).map((x, i) => ({ stage: x.stage, seconds: (st[i + 1]!.at - x.at) / 1000 }));
  return { wall, cpu, row, stages };
}

/** The stages as one line: `cloning 1.23, analyzing 2.34, …`. */
export const stagesLine = (r: TimedRun, digits = 2) =>
  r.stages.map((x) => `${x.stage} ${x.seconds.toFixed(digits)}`).join(', ');
