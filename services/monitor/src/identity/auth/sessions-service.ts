import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { type AuditDeps, audited } from '../../platform/audit/audit.js';
import { type SessionRow, sessionsRepo } from '../../store/repos/sessions-repo.js';
import { type UserRow, usersRepo } from '../../store/repos/users-repo.js';
import type { Db } from '../../store/schema.js';
import { endSessions } from './auth-service.js';
import type { Principal } from './principal.js';
import { announceSessionsEnded, type SessionsEndedDeps } from './sessions-ended.js';

/** What listing and ending sessions use: the database (and its dialect, for row locks) and the bus. */
export type SessionsServiceDeps = AuditDeps & SessionsEndedDeps & { dialect: DialectName };

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
export async function listSessions(deps: Pick<SessionsServiceDeps, 'db'>, p: Principal) {
  const rows = await sessionsRepo.liveOfUser(deps.db, p.userId, Date.now());
  return rows.map((s) => toSessionView(s, p.sessionId));
}

/**
 * Ends one of the caller's sessions: its refresh token and its access tokens stop working. Another
 * user's session (or one already ended) is a 404, so ids reveal nothing.
 */
export async function revokeSession(
  deps: SessionsServiceDeps,
  req: FastifyRequest,
  p: Principal,
  id: string,
) {
  await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, p.userId);
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
  announceSessionsEnded(deps, p.userId);
}

/**
 * Ends every live session of `user` but `keep`, one by one inside `trx` (which holds the user's row
 * lock): their refresh and access tokens stop working, `keep`'s go on (the generation is not
 * bumped). Returns how many ended; announce it after the commit (announceSessionsEnded).
 */
export async function endOtherSessions(trx: Db, user: UserRow, keep: string | null): Promise<number> {
  const others = (await sessionsRepo.liveOfUser(trx, user.id, Date.now())).filter((s) => s.id !== keep);
  for (const s of others) await endSessions(trx, user, s.id);
  return others.length;
}

/** Ends every session of the caller but the one of this request; answers how many ended. */
export async function revokeOtherSessions(deps: SessionsServiceDeps, req: FastifyRequest, p: Principal) {
  const answer = await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, p.userId);
    if (!user) throw errors.not_found(`User ${p.userId} does not exist.`);
    const revoked = await endOtherSessions(trx, user, p.sessionId);
    return [
      { revoked },
      {
        action: 'auth.session_revoke_others',
        resource_type: 'user',
        resource_id: p.userId,
        detail: { revoked },
      },
    ];
  });
  announceSessionsEnded(deps, p.userId);
  return answer;
}
