import { createLogger, ensureWritableDir, openDatabase } from '@app/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp, SECRET_PATH_PREFIXES } from './app.js';
import { type DerivedKeys, loadSecretKeys } from './auth/secret-key.js';
import { closeHttpAgents } from './checks/index.js';
import type { MonitorConfig } from './config.js';
import type { AppContext } from './context.js';
import { startEscalation } from './escalation/escalation-tick.js';
import { EventBus } from './events/event-bus.js';
import { applyIncidentRules, toResultFact } from './incidents/incident-rules.js';
import { startReminders } from './incidents/reminders.js';
import { MaintenanceSchedule } from './maintenance/maintenance-schedule.js';
import { type OutboxOptions, OutboxWorker } from './notify/outbox-worker.js';
import { ServiceMetrics } from './prometheus/service-metrics.js';
import { startDataJobs } from './rollups/maintenance-jobs.js';
import { CheckEngine, type EngineOptions } from './scheduler/check-engine.js';
import { getSettings, SettingsStore } from './settings/settings-store.js';
import { migrationsWith } from './store/migrations/index.js';
import { prometheusRepo } from './store/repos/prometheus-repo.js';
import type { MonitorDB } from './store/schema.js';
import { startSubscriptionUpkeep } from './subscriptions/maintenance-notices.js';
import { ensureFirstAdmin } from './users/first-admin.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Engine tuning (tests and benchmarks use short leases and polls). */
  engine?: EngineOptions;
  /** false: do not start the engine (the API still works; nothing is checked). */
  startEngine?: boolean;
  /** Notification outbox tuning; `start: false` queues without delivering (restart tests). */
  outbox?: OutboxOptions & { start?: boolean };
}

/** Opens storage, migrates, seeds the first admin, builds the app and starts the check engine: everything but listening. */
export async function createServer(config: MonitorConfig, opts: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger({
    name: 'monitor',
    level: config.logLevel,
    secretPathPrefixes: SECRET_PATH_PREFIXES,
  });
  ensureWritableDir(config.dataDir);
  // A migration encrypts credentials stored in clear by older versions, so it may need the keys;
  // loaded on first use, a database that cannot be reached stays the one problem reported.
  let loaded: DerivedKeys | undefined;
  const loadKeys = () => (loaded ??= loadSecretKeys(config.secretKey, config.dataDir, log));
  const database = await openDatabase<MonitorDB>({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    migrations: migrationsWith(() => loadKeys().encryption),
  });
  const keys = loadKeys();
  const bus = new EventBus();
  const settings = new SettingsStore(database.db, keys.encryption);
  const maintenance = new MaintenanceSchedule(database.db, log);
  const { start: startOutbox = true, ...outboxOptions } = opts.outbox ?? {};
  const outbox = new OutboxWorker(
    {
      db: database.db,
      dialect: database.dialect,
      log,
      encryptionKey: keys.encryption,
      settings,
      subscriberKeys: { encryption: keys.encryption, subscriptions: keys.subscriptions },
    },
    outboxOptions,
  );
  const prometheus = new ServiceMetrics();
  const tuning = opts.engine ?? {};
  const engine = new CheckEngine(database.db, bus, log, {
    concurrency: config.checkConcurrency,
    isUnderMaintenance: (id, at) => maintenance.isUnderMaintenance(id, new Date(at)),
    // Incidents open and resolve, and their alerts are queued, in the transaction of the results.
    inTransaction: async (trx, stored) => {
      const events = await applyIncidentRules(trx, stored.map(toResultFact), { outbox });
      if (events.length > 0) setImmediate(() => outbox.kick());
      return events;
    },
    secretKey: keys.encryption,
    ...tuning,
    // Benchmarks listen too: both hear every event.
    onCheckStarted: (lag) => {
      prometheus.checkStarted(lag);
      tuning.onCheckStarted?.(lag);
    },
    onResultsStored: (rows, ms) => {
      prometheus.resultsStored(rows, ms);
      tuning.onResultsStored?.(rows, ms);
    },
  });
  prometheus.watch({
    checksInFlight: () => engine.stats().inFlight,
    outboxCounts: () => prometheusRepo.outboxCounts(database.db),
    failedDeliveryAttempts: () => outbox.failedAttempts,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    keys,
    bus,
    engine,
    outbox,
    settings,
    maintenance,
    prometheus,
  };
  await maintenance.start();
  try {
    await ensureFirstAdmin(ctx);
  } catch (e) {
    // A refused ADMIN_PASSWORD ends the start: nothing may stay open behind the error.
    maintenance.stop();
    await database.close();
    throw e;
  }
  const app = await buildApp(ctx);
  const engineOn = opts.startEngine !== false;
  if (engineOn) await engine.start();
  if (startOutbox) outbox.start();
  // Background upkeep runs where checks run: alert reminders, roll-ups and the retention prune.
  const reminders = engineOn ? startReminders(database.db, ctx, log) : null;
  const escalation = engineOn ? startEscalation(database.db, ctx, log, config.escalationTickMs) : null;
  const notices = engineOn ? startSubscriptionUpkeep(database.db, ctx, log) : null;
  const dataJobs = engineOn
    ? startDataJobs(database.db, log, {
        retentionDays: async () => (await getSettings(ctx)).data_retention_days,
      })
    : null;
  return {
    app,
    ctx,
    async close() {
      await app.close();
      reminders?.stop();
      await escalation?.stop();
      notices?.stop();
      await dataJobs?.stop();
      await outbox.stop();
      maintenance.stop();
      // Stop claiming, settle running checks, flush the last batch, release the leases.
      if (engineOn) await engine.stop();
      await closeHttpAgents();
      await database.close();
    },
  };
}
