import type { Principal } from '../auth/principal.js';
import { keyPrincipal, userPrincipal } from '../auth/principal.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { apiKeysRepo } from '../store/repos/api-keys-repo.js';
import { streamTicketsRepo } from '../store/repos/stream-tickets-repo.js';
import { usersRepo } from '../store/repos/users-repo.js';

/** How long a ticket can wait before it is spent: enough for the browser to open the stream. */
export const TICKET_SECONDS = 30;

/**
 * Issues a single-use ticket for the caller, so the stream URL never carries a token or key. Only
 * its hash is stored; expired tickets are swept here, on the path that creates them.
 */
export async function issueStreamTicket(ctx: AppContext, p: Principal) {
  const ticket = randomToken();
  const now = Date.now();
  await streamTicketsRepo.deleteExpired(ctx.db, now);
  await streamTicketsRepo.insert(ctx.db, {
    ticket_hash: sha256(ticket),
    user_id: p.userId,
    api_key_id: p.apiKeyId,
    expires_at: now + TICKET_SECONDS * 1000,
  });
  return { ticket, expires_in: TICKET_SECONDS };
}

/**
 * Spends a ticket and returns who it was issued to, read afresh (a role changed or a key revoked
 * since the ticket was issued counts). A second use, an unknown or an expired ticket is a 401.
 */
export async function redeemStreamTicket(ctx: AppContext, ticket: string): Promise<Principal> {
  const row = await streamTicketsRepo.consume(ctx.db, sha256(ticket), Date.now());
  const spent =
    'The stream ticket is unknown, expired or already used; get a new one from POST /api/sse/tickets.';
  if (!row) throw errors.invalid_token(spent);
  const user = await usersRepo.byId(ctx.db, row.user_id);
  if (!user) throw errors.invalid_token(spent);
  if (row.api_key_id !== null) {
    const key = await apiKeysRepo.byId(ctx.db, row.api_key_id);
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= Date.now()))
      throw errors.invalid_token('The API key of this ticket has been revoked or has expired.');
    return keyPrincipal(user, key);
  }
  return userPrincipal(user);
}
