import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { publishResult } from '../results/result-events.js';
import type { CheckEngine } from '../scheduler/check-engine.js';
import { applyResult } from '../scheduler/transition.js';

/** What recording a heartbeat uses (AppContext satisfies it). */
export interface HeartbeatDeps {
  db: Kysely<MonitorDB>;
  bus: EventBus;
  engine: Pick<CheckEngine, 'ping' | 'announce'>;
}

/**
 * Records a ping (`ok`) or a reported failure for the heartbeat monitor with this token. Unknown
 * tokens (or tokens of monitors that are no longer heartbeat monitors) are 404. Returns false when
 * nothing was recorded because the monitor is paused.
 */
export async function recordHeartbeat(ctx: HeartbeatDeps, token: string, ok: boolean): Promise<boolean> {
  const row = await monitorsRepo.byToken(ctx.db, token);
  if (row?.monitor_type !== 'heartbeat') throw errors.not_found('No heartbeat monitor has this token.');
  if (row.paused === 1) return false;
  const done = await ctx.engine.ping(row, ok);
  if (done === 'elsewhere') return recordDirectly(ctx, row.id, ok);
  return done === 'recorded';
}

// The monitor is scheduled by another instance: store the result and state here, and bump
// updated_at so its owner (told by a notice, or polling) adopts the ping and restarts its silence clock.
async function recordDirectly(ctx: HeartbeatDeps, id: number, ok: boolean): Promise<boolean> {
  const now = Date.now();
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const row = await monitorsRepo.byId(trx, id);
    if (!row || row.paused === 1) return null;
    const prev = row.current_status;
    const t = applyResult(
      { status: prev, failures: row.consecutive_failures },
      ok ? 'up' : 'down',
      row.retry_count,
      !ok,
    );
    const checkedAt = Math.max(now, (row.last_checked_at ?? 0) + 1);
    const error = ok ? null : 'the heartbeat client reported a failure';
    const [resultId] = await checkResultsRepo.insertMany(trx, [
      {
        monitor_id: id,
        checked_at: checkedAt,
        status: ok ? 1 : 0,
        response_time_ms: null,
        status_code: null,
        error,
        tls_days_left: null,
      },
    ]);
    await monitorsRepo.writeRuntime(trx, {
      id,
      current_status: t.status,
      last_checked_at: checkedAt,
      last_response_time_ms: null,
      last_status_code: null,
      consecutive_failures: t.failures,
      last_ping_at: now,
    });
    await monitorsRepo.update(trx, id, { updated_at: Math.max(now, row.updated_at + 1) });
    return { resultId: resultId!, prev, status: t.status, checkedAt };
  });
  if (!stored) return false;
  // The owner adopts the ping (state, silence clock) at once rather than at its next poll.
  ctx.engine.announce(id);
  publishResult(ctx.bus, {
    monitor_id: id,
    result_id: stored.resultId,
    checked_at: stored.checkedAt,
    status: ok ? 'up' : 'down',
    response_time_ms: null,
    status_code: null,
    prev_status: stored.prev,
    new_status: stored.status,
  });
  return true;
}
