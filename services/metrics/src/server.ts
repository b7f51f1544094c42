import { createLogger, ensureWritableDir, openDatabase } from '@app/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { MetricsConfig } from './config.js';
import type { AppContext } from './context.js';
import { AnalysisEvents } from './events/analysis-events.js';
import { Worker } from './jobs/worker.js';
import { migrations } from './store/migrations/index.js';
import type { MetricsDB } from './store/schema.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Starts the analysis worker (recovering runs a previous process left behind first). */
  startWorker(): void;
  close(): Promise<void>;
}

/** Opens storage, migrates and builds the app: everything but listening and working. */
export async function createServer(config: MetricsConfig): Promise<RunningServer> {
  const log = createLogger({ name: 'metrics', level: config.logLevel });
  ensureWritableDir(config.dataDir);
  ensureWritableDir(config.outputsDir);
  ensureWritableDir(config.scratchDir);
  const database = await openDatabase<MetricsDB>({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    migrations,
  });
  let worker: Worker | undefined;
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    events: new AnalysisEvents(),
    wakeWorker: () => worker?.wake(),
    cancelRun: (id: number) => worker?.cancel(id),
  };
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    startWorker() {
      worker ??= new Worker(ctx);
      worker.start();
    },
    async close() {
      await worker?.stop();
      ctx.events.shutdown();
      await app.close();
      await database.close();
    },
  };
}
