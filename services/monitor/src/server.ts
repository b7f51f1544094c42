import { createLogger, ensureWritableDir, openDatabase } from '@app/kit';
import type { FastifyInstance } from 'fastify';
import { applyIncidentRules, toResultFact } from './alerting/incidents/incident-rules.js';
import { MaintenanceSchedule } from './alerting/maintenance/maintenance-schedule.js';
import { queueLocationAlert } from './alerting/notify/location-alert.js';
import { type OutboxOptions, OutboxWorker } from './alerting/outbox/outbox-worker.js';
import { buildApp, SECRET_PATH_PREFIXES } from './app.js';
import type { MonitorConfig } from './config.js';
import type { AppContext } from './context.js';
import {
  browserPool,
  closeBrowserChecks,
  closeHttpAgents,
  configureBrowserChecks,
} from './engine/checks/index.js';
import { LocationRegistry } from './engine/locations/location-registry.js';
import { CheckEngine, type EngineOptions } from './engine/scheduler/check-engine.js';
import { ensureFirstAdmin } from './identity/users/first-admin.js';
import { HealthProbe } from './operations/health/health-probe.js';
import { type DerivedKeys, loadSecretKeys } from './platform/crypto/secret-key.js';
import { EventBus } from './platform/events/event-bus.js';
import { InstanceRelay } from './platform/events/instance-relay.js';
import { SettingsStore } from './platform/settings/settings-store.js';
import { ServiceMetrics } from './public-face/prometheus/service-metrics.js';
import { migrationsWith } from './store/migrations/index.js';
import { prometheusRepo } from './store/repos/prometheus-repo.js';
import type { MonitorDB } from './store/schema.js';
import { startUpkeep } from './upkeep.js';

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
  /** Tests: when the location watch counts this process as started (its grace after a restart). */
  locationWatch?: { startedAt?: number };
}

/** Opens storage, migrates, seeds the first admin, builds the app and starts the check engine: everything but listening. */
export async function createServer(config: MonitorConfig, opts: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger({
    name: 'monitor',
    level: config.logLevel,
    secretPathPrefixes: SECRET_PATH_PREFIXES,
  });
  const startedAt = Date.now();
  ensureWritableDir(config.dataDir);
  // A migration encrypts credentials stored in clear by older versions, so it may need the keys;
  // loaded on first use, a database that cannot be reached stays the one problem reported.
  let loaded: DerivedKeys | undefined;
  const loadKeys = () => (loaded ??= loadSecretKeys(config.secretKey, config.dataDir, log));
  const migrations = migrationsWith(() => loadKeys().encryption);
  const database = await openDatabase<MonitorDB>({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    migrations,
  });
  const keys = loadKeys();
  const bus = new EventBus();
  const settings = new SettingsStore(database.db, keys.encryption);
  const maintenance = new MaintenanceSchedule(database.db, log);
  const locations = new LocationRegistry(database.db, bus, log);
  const { start: startOutbox = true, ...outboxOptions } = opts.outbox ?? {};
  const outbox = new OutboxWorker(
    {
      db: database.db,
      dialect: database.dialect,
      log,
      encryptionKey: keys.encryption,
      settings,
      subscriberKeys: { encryption: keys.encryption, subscriptions: keys.subscriptions },
      ackKey: keys.onCall,
    },
    outboxOptions,
  );
  const prometheus = new ServiceMetrics();
  // Browser checks (issue 32): one Chromium per process, shared; browsers a killed predecessor left
  // behind are reaped before any check runs.
  const reaped = configureBrowserChecks({
    concurrency: config.browser.concurrency,
    executablePath: config.browser.chromiumPath,
    memoryCapBytes: config.browser.memoryCapBytes,
    evidence: {
      dir: config.browser.evidenceDir,
      maxBytes: config.browser.evidenceMaxBytes,
      retentionDays: config.browser.evidenceRetentionDays,
    },
  });
  if (reaped.length > 0) log.warn({ pids: reaped }, 'killed browsers left by a previous process');
  const tuning = opts.engine ?? {};
  const leaseMs = config.schedulerLeaseSeconds * 1000;
  const engine = new CheckEngine(database.db, bus, log, {
    concurrency: config.checkConcurrency,
    leaseMs,
    renewMs: Math.round(leaseMs / 3),
    pollMs: config.changePollSeconds * 1000,
    isUnderMaintenance: (id, at) => maintenance.isUnderMaintenance(id, new Date(at)),
    isLocationOnline: (id, type) => locations.isOnline(id, type),
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
    browserPool: () => browserPool().getStats(),
  });
  const engineOn = opts.startEngine !== false;
  // Instances on one PostgreSQL share their events and tell each other about changes; SQLite has one.
  let relay: InstanceRelay | null = null;
  const health = new HealthProbe({
    db: database.db,
    migrations,
    engine: engineOn ? engine : null,
    relay: () => relay,
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
    health,
    locations,
    locationAlerts: { queue: (trx, view, to, at) => queueLocationAlert(trx, outbox, view, to, at) },
  };
  await maintenance.start();
  await locations.start();
  try {
    await ensureFirstAdmin(ctx);
  } catch (e) {
    // A refused ADMIN_PASSWORD ends the start: nothing may stay open behind the error.
    maintenance.stop();
    await database.close();
    throw e;
  }
  const app = await buildApp(ctx);
  if (config.databaseUrl) {
    try {
      relay = await InstanceRelay.start({ databaseUrl: config.databaseUrl, bus, log });
    } catch (e) {
      maintenance.stop();
      await app.close();
      await database.close();
      throw e;
    }
    relay.onNotice(engine.connect(relay));
  }
  if (engineOn) await engine.start();
  if (startOutbox) outbox.start();
  // Background upkeep runs where checks run.
  const upkeep = engineOn
    ? startUpkeep(ctx, { startedAt: opts.locationWatch?.startedAt ?? startedAt, owner: engine.owner })
    : null;
  return {
    app,
    ctx,
    async close() {
      health.markStopping();
      // Shards first: stop claiming, settle running checks (5 s at most), flush the last batch and
      // release the leases, announced on the relay so the others take them at once. Meanwhile the
      // server stops taking requests and ends its streams. All of it within startService's 10 s.
      await Promise.all([engineOn ? engine.stop() : null, app.close()]);
      await upkeep?.stop();
      await outbox.stop();
      maintenance.stop();
      locations.stop();
      await relay?.close();
      await closeHttpAgents();
      await closeBrowserChecks();
      await database.close();
    },
  };
}
