import type { FastifyRequest } from 'fastify';
import { audited } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { type SessionRow, sessionsRepo } from '../store/repos/sessions-repo.js';
import { usersRepo } from '../store/repos/users-repo.js';
import { endSessions } from './auth-service.js';
import type { Principal } from './principal.js';

/** The public shape of a session; `current` marks the one the request was made in. */
export function toSessionView(s: SessionRow, currentId: string | null) {
  return {
    id: s.id,
    created_at: new Date(Number(s.created_at)).toISOString(),
    last_used_at: new Date(Number(s.last_used_at)).toISOString(),
    user_agent: s.user_agent,
    ip: s.ip,
    auth_method: s.auth_method,
    current: s.id === currentId,
  };
}

/** The caller's sessions that can still be renewed, most recently used first. */
export async function listSessions(ctx: AppContext, p: Principal) {
  const rows = await sessionsRepo.liveOfUser(ctx.db, p.userId, Date.now());
  return rows.map((s) => toSessionView(s, p.sessionId));
}

/**
 * Ends one of the caller's sessions: its refresh token and its access tokens stop working. Another
 * user's session (or one already ended) is a 404, so ids reveal nothing.
 */
export async function revokeSession(ctx: AppContext, req: FastifyRequest, p: Principal, id: string) {
  await audited(ctx, req, async (trx) => {
    const user = await usersRepo.lockById(trx, ctx.dialect, p.userId);
    const session = await sessionsRepo.byId(trx, id);
    if (!user || !session || session.user_id !== p.userId || session.revoked_at !== null) {
      throw errors.not_found(`Session ${id} does not exist.`);
    }
    await endSessions(trx, user, id);
    return [
      null,
      {
        action: 'auth.session_revoke',
        resource_type: 'user',
        resource_id: p.userId,
        detail: { session_id: id },
      },
    ];
  });
}

/** Ends every session of the caller but the one of this request; answers how many ended. */
export async function revokeOtherSessions(ctx: AppContext, req: FastifyRequest, p: Principal) {
  return audited(ctx, req, async (trx) => {
    const user = await usersRepo.lockById(trx, ctx.dialect, p.userId);
    if (!user) throw errors.not_found(`User ${p.userId} does not exist.`);
    const others = (await sessionsRepo.liveOfUser(trx, p.userId, Date.now())).filter(
      (s) => s.id !== p.sessionId,
    );
    for (const s of others) await endSessions(trx, user, s.id);
    return [
      { revoked: others.length },
      {
        action: 'auth.session_revoke_others',
        resource_type: 'user',
        resource_id: p.userId,
        detail: { revoked: others.length },
      },
    ];
  });
}
