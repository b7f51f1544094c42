import type { DialectName, Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MaintenanceSchedule } from './alerting/maintenance/maintenance-schedule.js';
import type { OutboxWorker } from './alerting/outbox/outbox-worker.js';
import type { MonitorConfig } from './config.js';
import type { LocationAlerts } from './engine/locations/location-alerts.js';
import type { LocationRegistry } from './engine/locations/location-registry.js';
import type { CheckEngine } from './engine/scheduler/check-engine.js';
import type { HealthProbe } from './operations/health/health-probe.js';
import type { DerivedKeys } from './platform/crypto/secret-key.js';
import type { EventBus } from './platform/events/event-bus.js';
import type { SettingsStore } from './platform/settings/settings-store.js';
import type { ServiceMetrics } from './public-face/prometheus/service-metrics.js';
import type { MonitorDB } from './store/schema.js';

/** What every route and service needs, built once at start and passed down (no globals). */
export interface AppContext {
  config: MonitorConfig;
  db: Kysely<MonitorDB>;
  dialect: DialectName;
  log: Logger;
  keys: DerivedKeys;
  /** Live events (monitor.*, incident.*) for the dashboard stream. */
  bus: EventBus;
  /** Schedules and runs checks; the API tells it about changes at once. */
  engine: CheckEngine;
  /** Delivers queued notifications (and sends channel tests at once). */
  outbox: OutboxWorker;
  /** Instance settings, cached; read them with getSettings(ctx). */
  settings: SettingsStore;
  /** Maintenance windows in memory: isUnderMaintenance(monitorId) costs no query. */
  maintenance: MaintenanceSchedule;
  /** The service's Prometheus metrics and per-monitor check counters (GET /metrics). */
  prometheus: ServiceMetrics;
  /** What `/readyz` answers. */
  health: HealthProbe;
  /** Which check locations are online (issue 13), from memory. */
  locations: LocationRegistry;
  /** Alerting's part of a location going offline or online (queues its alerts), for the engine. */
  locationAlerts: LocationAlerts;
}
