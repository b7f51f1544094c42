import { databaseReadiness, type ReadinessCheck } from '@app/kit';
import type { Kysely } from 'kysely';
import type { CheckEngine } from '../../engine/scheduler/check-engine.js';
import type { InstanceRelay } from '../../platform/events/instance-relay.js';
import { SHARD_COUNT } from '../../store/migrations/002-monitors.js';
import type { MonitorDB } from '../../store/schema.js';

export interface HealthDeps {
  db: Kysely<MonitorDB>;
  migrations: Record<string, unknown>;
  /** The engine when this instance runs checks (null: `startEngine: false`). */
  engine: CheckEngine | null;
  /** The instance relay on PostgreSQL (null on SQLite). */
  relay: () => InstanceRelay | null;
}

/**
 * What `/readyz` reports. Ready means: the database answers and has every migration of this build,
 * the engine renewed its shard leases in time (it holds its share; the count is in the detail, and
 * zero is fine while others hold every shard), and on PostgreSQL the relay to the other instances is
 * connected (without it this instance's streams miss their events and changes reach owners only by
 * polling). A stopping instance is not ready, so a load balancer stops sending it requests.
 */
export class HealthProbe {
  private stopping = false;

  constructor(private readonly deps: HealthDeps) {}

  /** From now on not ready: the service is shutting down. */
  markStopping(): void {
    this.stopping = true;
  }

  async readiness(): Promise<ReadinessCheck[]> {
    const { db, migrations, engine } = this.deps;
    const checks = await databaseReadiness(db as Kysely<unknown>, migrations);
    if (engine) {
      const shards = engine.leases.owned.size;
      checks.push({
        name: 'scheduler',
        ok: engine.leases.healthy,
        detail: `holds ${shards} of ${SHARD_COUNT} shards`,
      });
    }
    const relay = this.deps.relay();
    if (relay) {
      checks.push(
        relay.connected
          ? { name: 'relay', ok: true }
          : { name: 'relay', ok: false, detail: 'reconnecting to PostgreSQL (LISTEN)' },
      );
    }
    if (this.stopping) checks.push({ name: 'shutdown', ok: false, detail: 'stopping' });
    return checks;
  }
}
