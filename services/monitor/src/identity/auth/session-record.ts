import type { FastifyRequest } from 'fastify';
import { sessionsRepo } from '../../store/repos/sessions-repo.js';
import type { Db, SessionMethod } from '../../store/schema.js';

// A user agent is whatever the client sends: kept short enough to show, never long enough to flood.
const USER_AGENT_MAX = 400;

function userAgentOf(req: FastifyRequest): string | null {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' && ua !== '' ? ua.slice(0, USER_AGENT_MAX) : null;
}

/**
 * Writes the session record of a refresh family on `db` (the issuing transaction): created on the
 * first pair, renewed on each later one with the browser and address of the renewal, since that
 * is where the session lives now.
 */
export async function recordSession(
  db: Db,
  userId: number,
  familyId: string,
  req: FastifyRequest,
  method: SessionMethod,
  now: number,
  expiresAt: number,
): Promise<void> {
  const seen = { last_used_at: now, expires_at: expiresAt, user_agent: userAgentOf(req), ip: req.ip ?? null };
  if (await sessionsRepo.byId(db, familyId)) {
    await sessionsRepo.touch(db, familyId, seen);
    return;
  }
  await sessionsRepo.insert(db, {
    id: familyId,
    user_id: userId,
    auth_method: method,
    created_at: now,
    revoked_at: null,
    ...seen,
  });
}
