import { createLogger, ensureWritableDir, openDatabase, type ReadinessCheck } from '@app/kit';
import type { FastifyInstance } from 'fastify';
import { databaseChecks } from './api/probes/routes.js';
import { buildApp, buildProbeApp } from './app.js';
import type { MetricsConfig } from './config.js';
import type { AppContext } from './context.js';
import { removeOutputFolder, removeOutputs } from './outputs/exports/remove-outputs.js';
import { Worker } from './pipeline/jobs/worker.js';
import { AnalysisEvents } from './platform/events/analysis-events.js';
import { InstanceRelay } from './platform/events/instance-relay.js';
import { runPorts } from './run-ports.js';
import { migrations } from './store/migrations/index.js';
import type { MetricsDB } from './store/schema.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Starts the analysis worker (recovering runs a previous process left behind first); not in the api role. */
  startWorker(): void;
  close(): Promise<void>;
}

/**
 * Opens storage, migrates, connects the instance relay (PostgreSQL) and builds the app of the role:
 * everything but listening and working. `api` and `all` serve the API and UI; `worker` only the probes.
 */
export async function createServer(config: MetricsConfig): Promise<RunningServer> {
  const log = createLogger({ name: 'metrics', level: config.logLevel }).child({ role: config.role });
  ensureWritableDir(config.dataDir);
  ensureWritableDir(config.outputsDir);
  ensureWritableDir(config.scratchDir);
  // Several instances starting together: Kysely's migrator holds a PostgreSQL advisory lock, so one
  // migrates and the others find the work done.
  const database = await openDatabase<MetricsDB>({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    migrations,
  });
  const events = new AnalysisEvents();
  let relay: InstanceRelay | undefined;
  if (config.databaseUrl) {
    try {
      relay = await InstanceRelay.start(config.databaseUrl, events, log);
    } catch (e) {
      await database.close();
      throw e;
    }
  }
  let worker: Worker | undefined;
  let stopping = false;
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    events,
    wakeWorker: () => {
      worker?.wake();
      relay?.publish({ t: 'queued' });
    },
    cancelRun: (id: number) => {
      worker?.cancel(id);
      relay?.publish({ t: 'cancel', id });
    },
    removeOutputFolder: async (name: string) => {
      relay?.publish({ t: 'outputs_removed', name });
      await removeOutputs(config.outputsDir, name);
    },
  };
  relay?.attachDisk({
    removeOutputFolder: (name) => {
      removeOutputFolder(config.outputsDir, name).catch((err: unknown) =>
        log.warn({ err, output: name }, 'output folder of a deleted run not removed'),
      );
    },
  });
  const readiness = async (): Promise<ReadinessCheck[]> => {
    const checks = await databaseChecks(database.db);
    if (relay) {
      checks.push(
        relay.connected
          ? { name: 'relay', ok: true }
          : { name: 'relay', ok: false, detail: 'the PostgreSQL LISTEN connection is down; reconnecting' },
      );
    }
    if (config.role !== 'api') {
      checks.push(
        worker?.accepting
          ? { name: 'worker', ok: true }
          : { name: 'worker', ok: false, detail: 'the analysis worker is not running' },
      );
    }
    if (stopping) checks.push({ name: 'stopping', ok: false, detail: 'this instance is shutting down' });
    return checks;
  };
  const app = config.role === 'worker' ? await buildProbeApp(ctx, readiness) : await buildApp(ctx, readiness);
  return {
    app,
    ctx,
    startWorker() {
      if (config.role === 'api') return;
      worker ??= new Worker(ctx, runPorts(config));
      relay?.attachWorker(worker);
      worker.start();
    },
    async close() {
      stopping = true;
      // Runs go back to the queue first (the relay tells the other workers), then streams end, then
      // HTTP, the relay and the database close: well within the 10 s a stop is given.
      await worker?.stop();
      events.shutdown();
      await app.close();
      await relay?.close();
      await database.close();
    },
  };
}
