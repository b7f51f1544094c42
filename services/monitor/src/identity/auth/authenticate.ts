import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { DerivedKeys } from '../../platform/crypto/secret-key.js';
import { apiKeysRepo } from '../../store/repos/api-keys-repo.js';
import { sessionsRepo } from '../../store/repos/sessions-repo.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { verifyAccessToken } from './access-tokens.js';
import { type MfaEnrolmentGateDeps, mfaEnrolmentRequired } from './mfa-enrolment-gate.js';
import { keyPrincipal, type Principal, roleAtLeast, userPrincipal } from './principal.js';
import { isProbeToken, resolveProbeLocation } from './probe-token.js';
import { API_KEY_PREFIX, lookupPrefix, sameDigest, sha256 } from './secrets.js';

/** What resolving a credential uses: the database and the key that signs access tokens. */
export interface CredentialDeps {
  db: Kysely<MonitorDB>;
  keys: Pick<DerivedKeys, 'jwt'>;
}

/** What the authentication hook uses: the above and the settings' two-factor gate. */
export type AuthenticateDeps = CredentialDeps & MfaEnrolmentGateDeps;

// last_used_at is written at most once a minute per key: exact to the minute, no write per request.
const TOUCH_EVERY_MS = 60_000;

/** The bearer credential of the Authorization header, or null without one. */
function credential(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw errors.unauthorized('Send credentials as "Authorization: Bearer <token>".');
  return m[1]!;
}

function queryParam(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : undefined;
}

/** Resolves a raw credential (JWT or `mon_` key) to a principal, or throws a 401 problem. */
export async function resolvePrincipal(deps: CredentialDeps, raw: string): Promise<Principal> {
  if (raw.startsWith(API_KEY_PREFIX)) {
    const hash = sha256(raw);
    const candidates = await apiKeysRepo.byPrefix(deps.db, lookupPrefix(raw));
    const key = candidates.find((k) => sameDigest(k.key_hash, hash));
    const now = Date.now();
    if (!key) throw errors.invalid_token('The API key is not valid or has been revoked.');
    if (key.expires_at !== null && key.expires_at <= now)
      throw errors.invalid_token('The API key has expired.');
    const user = await usersRepo.byId(deps.db, key.user_id);
    if (!user) throw errors.invalid_token('The API key is not valid or has been revoked.');
    if (key.last_used_at === null || now - key.last_used_at > TOUCH_EVERY_MS) {
      await apiKeysRepo.touch(deps.db, key.id, now);
    }
    return keyPrincipal(user, key);
  }
  const v = await verifyAccessToken(deps.keys.jwt, raw);
  if ('error' in v) throw errors.invalid_token(`${v.error[0]!.toUpperCase()}${v.error.slice(1)}.`);
  // The user is read on every request (one primary-key lookup) so a role change or deletion takes
  // effect at once; the same row carries the token generation, so revocation costs no extra query
  // and holds across instances sharing the database (no cache to go stale).
  const user = await usersRepo.byId(deps.db, v.userId);
  if (!user) throw errors.invalid_token('The user of this token no longer exists.');
  if (Number(user.token_generation) !== v.generation) {
    throw errors.invalid_token(
      'This access token was revoked (sign-out, password or role change); refresh or sign in again.',
    );
  }
  // The session is read too (a second primary-key lookup), so revoking one session ends its access
  // tokens at once while the user's other sessions keep theirs; the generation above remains the
  // switch that ends all of them (password set, role change) in one write.
  const session = await sessionsRepo.byId(deps.db, v.sessionId);
  if (!session || session.user_id !== user.id || session.revoked_at !== null) {
    throw errors.invalid_token('The session of this access token was ended; sign in again.');
  }
  return userPrincipal(user, session.id);
}

/**
 * Enforces each route's `config.auth` before its body is parsed, so an anonymous caller gets 401
 * rather than a validation error. Routes without a rule are refused: access must be declared.
 */
export function installAuthentication(
  app: FastifyInstance,
  deps: AuthenticateDeps,
  opts: {
    /** Routes that also take `?ticket=` (EventSource cannot send headers). */
    ticketPaths: string[];
    redeemTicket(ticket: string): Promise<Principal>;
  },
) {
  app.decorateRequest('principal', null);
  app.decorateRequest('probeLocation', null);
  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config?.auth;
    if (!rule) {
      // Unknown routes fall through to the 404 handler; framework routes (docs) are public.
      return;
    }
    if (rule.role === 'public') {
      // Public routes ignore credentials, but a probe token opens nothing but the probe endpoints.
      const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (m && isProbeToken(m[1]!)) {
        throw errors.probe_token_not_allowed('A probe token only opens the probe endpoints (/api/probe/*).');
      }
      return;
    }
    // A token or key in a URL ends up in access logs and browser history: refused everywhere.
    if (queryParam(req, 'token') !== undefined) {
      throw errors.invalid_token(
        'Credentials are not accepted in the URL; send "Authorization: Bearer <token>", or for the live stream get a ticket from POST /api/sse/tickets and pass ?ticket=.',
      );
    }
    const raw = credential(req);
    // Probe tokens first: they start with `mon_` too. They open the probe endpoints and nothing else,
    // and nothing else opens those.
    if (rule.role === 'probe' || (raw && isProbeToken(raw))) {
      if (rule.role !== 'probe') {
        throw errors.probe_token_not_allowed('A probe token only opens the probe endpoints (/api/probe/*).');
      }
      if (!raw)
        throw errors.unauthorized('A probe token is required: send "Authorization: Bearer mon_probe_…".');
      if (!isProbeToken(raw))
        throw errors.probe_only('This endpoint is for probes: it takes a probe token only.');
      req.probeLocation = await resolveProbeLocation(deps, raw);
      return;
    }
    const ticket = opts.ticketPaths.includes(req.routeOptions.url ?? '')
      ? queryParam(req, 'ticket')
      : undefined;
    let p: Principal;
    if (raw) p = await resolvePrincipal(deps, raw);
    else if (ticket) p = await opts.redeemTicket(ticket);
    else throw errors.unauthorized('Credentials are required: send "Authorization: Bearer <token>".');
    req.principal = p;
    if (p.mustChangePassword && !rule.duringPasswordChange) {
      throw errors.password_change_required('Change your password first (POST /api/auth/change-password).');
    }
    // API keys are never held up: they are made by a signed-in person and used by machines.
    if (p.kind === 'user' && !p.twoFactorEnabled && !rule.duringMfaEnrolment) {
      if (await mfaEnrolmentRequired(deps, p.role)) {
        throw errors.mfa_enrolment_required(
          'Your role requires two-factor sign-in: set it up first (POST /api/auth/two-factor/enrol).',
        );
      }
    }
    if (rule.jwtOnly && p.kind === 'api_key') {
      throw errors.api_key_not_allowed('This action needs a signed-in user; API keys cannot perform it.');
    }
    if (!roleAtLeast(p.role, rule.role)) {
      throw errors.forbidden(`This action needs the ${rule.role} role; you have ${p.role}.`);
    }
  });
}

/** The principal of an authenticated route (the hook guarantees it). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw errors.unauthorized('Credentials are required.');
  return req.principal;
}
