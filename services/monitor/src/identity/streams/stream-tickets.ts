import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { apiKeysRepo } from '../../store/repos/api-keys-repo.js';
import { sessionsRepo } from '../../store/repos/sessions-repo.js';
import { streamTicketsRepo } from '../../store/repos/stream-tickets-repo.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { Principal } from '../auth/principal.js';
import { keyPrincipal, userPrincipal } from '../auth/principal.js';
import { randomToken, sha256 } from '../auth/secrets.js';

/** How long a ticket can wait before it is spent: enough for the browser to open the stream. */
export const TICKET_SECONDS = 30;

/** What tickets and stream checks use: the database. */
export interface StreamTicketDeps {
  db: Kysely<MonitorDB>;
}

/** Who a live stream was opened for: a session of a user, or an API key. */
export interface StreamCredentials {
  userId: number;
  sessionId: string | null;
  apiKeyId: number | null;
}

/**
 * Issues a single-use ticket for the caller, so the stream URL never carries a token or key. Only
 * its hash is stored, with the caller's session, so the stream ends with it; expired tickets are
 * swept here, on the path that creates them.
 */
export async function issueStreamTicket(deps: StreamTicketDeps, p: Principal) {
  const ticket = randomToken();
  const now = Date.now();
  await streamTicketsRepo.deleteExpired(deps.db, now);
  await streamTicketsRepo.insert(deps.db, {
    ticket_hash: sha256(ticket),
    user_id: p.userId,
    api_key_id: p.apiKeyId,
    session_id: p.sessionId,
    expires_at: now + TICKET_SECONDS * 1000,
  });
  return { ticket, expires_in: TICKET_SECONDS };
}

/**
 * Who the credentials of a stream stand for now, read afresh (a role changed since counts), or why
 * they no longer hold: the user deleted, the API key revoked or expired, the session ended (sign-out,
 * revoke, password change or reset, two-factor enrolment). A role change alone ends nothing.
 */
export async function streamPrincipal(
  deps: StreamTicketDeps,
  c: StreamCredentials,
): Promise<{ principal: Principal } | { error: string }> {
  const user = await usersRepo.byId(deps.db, c.userId);
  if (!user) return { error: 'The user of this stream no longer exists.' };
  if (c.apiKeyId !== null) {
    const key = await apiKeysRepo.byId(deps.db, c.apiKeyId);
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= Date.now()))
      return { error: 'The API key of this stream has been revoked or has expired.' };
    return { principal: keyPrincipal(user, key) };
  }
  if (c.sessionId !== null) {
    const session = await sessionsRepo.byId(deps.db, c.sessionId);
    if (!session || session.user_id !== user.id || session.revoked_at !== null)
      return { error: 'The session of this stream was ended; sign in again.' };
  }
  return { principal: userPrincipal(user, c.sessionId) };
}

/**
 * Spends a ticket and returns who it was issued to, read afresh. A second use, an unknown or an
 * expired ticket, or one whose session or key has ended since, is a 401.
 */
export async function redeemStreamTicket(deps: StreamTicketDeps, ticket: string): Promise<Principal> {
  const row = await streamTicketsRepo.consume(deps.db, sha256(ticket), Date.now());
  if (!row)
    throw errors.invalid_token(
      'The stream ticket is unknown, expired or already used; get a new one from POST /api/sse/tickets.',
    );
  const now = await streamPrincipal(deps, {
    userId: row.user_id,
    sessionId: row.session_id,
    apiKeyId: row.api_key_id,
  });
  if ('error' in now) throw errors.invalid_token(now.error);
  return now.principal;
}
