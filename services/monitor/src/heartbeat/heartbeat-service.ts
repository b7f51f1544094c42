import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { monitorsRepo } from '../store/repos/monitors-repo.js';

/**
 * Records a ping (`ok`) or a reported failure for the heartbeat monitor with this token. Unknown
 * tokens (or tokens of monitors that are no longer heartbeat monitors) are 404. Returns false when
 * nothing was recorded because the monitor is paused.
 */
export async function recordHeartbeat(ctx: AppContext, token: string, ok: boolean): Promise<boolean> {
  const row = await monitorsRepo.byToken(ctx.db, token);
  if (row?.monitor_type !== 'heartbeat') throw errors.not_found('No heartbeat monitor has this token.');
  if (row.paused === 1) return false;
  return ctx.engine.ping(row, ok);
}
