import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { RateLimiter } from '../http/rate-limiter.js';
import {
  bearerToken,
  cookieValue,
  issueSession,
  SESSION_COOKIE,
  SESSION_SECONDS,
  sameToken,
  validSession,
} from './token.js';

/** Wrong tokens one client may send per minute before it is refused without a check. */
export const WRONG_TOKENS_PER_MINUTE = 10;

// Open without a token, by matched route (an allowlist: a new route is protected unless added here,
// and no spelling of a URL such as `/%61pi/…` can reach a route under another name): the sign-in
// endpoints, the probes (`/api/health` and `/healthz` say only "ok"; `/readyz` names failing checks), and the UI's static shell (public code that holds
// no data; it asks for the token, then calls the API). Requests matching no route are protected too.
// The gate badge is open too: its route answers 404 unless the repository's gate makes it public;
// so is the forge webhook, which proves itself with its HMAC signature instead.
const OPEN_ROUTES = new Set([
  '/api/session',
  '/api/health',
  '/healthz',
  '/readyz',
  '/',
  '/api/badges/:owner/:repo/gate.svg',
  '/api/forge/webhook',
]);
// The UI's catch-all route also sees unknown API and docs paths: those stay protected (a 401, not a
// 404 that would tell a stranger which routes exist).
const API_LIKE = /^\/(api|docs|openapi\.json)(\/|$)/i;

function openUiPath(url: string): boolean {
  try {
    return !API_LIKE.test(decodeURIComponent(url.split('?')[0] ?? '/'));
  } catch {
    return false;
  }
}

/**
 * The optional access token of the whole service (`METRICS_API_TOKEN`). API clients send
 * `Authorization: Bearer <token>`; the web UI trades the token for an httpOnly, SameSite=Strict
 * session cookie, which EventSource streams and download links carry. The token is never read from
 * a URL, where it would end up in logs, history and Referer headers.
 */
export class AccessGuard {
  private readonly wrong = new RateLimiter(WRONG_TOKENS_PER_MINUTE);

  /**
   * `token` opens the service; `adminToken` (optional) opens it too and is the only one that may
   * delete runs. With no admin token, whoever gets in is an admin.
   */
  constructor(
    private readonly token: string | undefined,
    private readonly adminToken: string | undefined = undefined,
  ) {}

  get required(): boolean {
    return this.token !== undefined;
  }

  /** Whether an admin token exists at all (the UI offers an admin sign-in then). */
  get adminConfigured(): boolean {
    return this.adminToken !== undefined;
  }

  /** onRequest hook: lets the request through or answers 401 (429 after too many wrong tokens). */
  readonly check = async (req: FastifyRequest): Promise<void> => {
    const token = this.token;
    if (token === undefined) return;
    const route = req.routeOptions.url;
    if (route !== undefined && OPEN_ROUTES.has(route)) return;
    if (route === '/*' && openUiPath(req.url)) return;
    const bearer = bearerToken(req.headers.authorization);
    if (bearer !== undefined) {
      this.verify(req, bearer);
      return;
    }
    const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (session !== undefined && this.sessionToken(session) !== undefined) return;
    throw errors.unauthorized(
      session === undefined
        ? 'this service needs its access token: send Authorization: Bearer <token>, or sign in on the web UI'
        : 'the session has expired: sign in again',
    );
  };

  /** Whether a cookie of this request is a live session (for the UI's start-up question). */
  signedIn(req: FastifyRequest): boolean {
    if (this.token === undefined) return true;
    const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
    return session !== undefined && this.sessionToken(session) !== undefined;
  }

  /** Whether the request may do admin actions (delete runs): it carries the admin token or its session. */
  isAdmin(req: FastifyRequest): boolean {
    const admin = this.adminToken;
    if (admin === undefined) return true;
    const bearer = bearerToken(req.headers.authorization);
    if (bearer !== undefined) return sameToken(bearer, admin);
    const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
    return session !== undefined && validSession(session, admin, Date.now());
  }

  /** Throws 403 admin_required unless isAdmin. */
  requireAdmin(req: FastifyRequest, what: string): void {
    if (!this.isAdmin(req)) {
      throw errors.admin_required(`${what} needs the admin token (METRICS_ADMIN_TOKEN): sign in with it`);
    }
  }

  /** Checks a token a client sent; throws 401 when wrong and 429 after too many wrong ones. */
  verify(req: FastifyRequest, given: string): void {
    if (this.token === undefined && this.adminToken === undefined) return;
    const allowed = this.wrong.allows(req.ip);
    if (!allowed.ok) {
      throw errors.rate_limited(`too many wrong tokens from this client: retry in ${allowed.retryAfterS} s`, {
        headers: { 'retry-after': String(allowed.retryAfterS) },
      });
    }
    if (this.matching(given) !== undefined) return;
    this.wrong.take(req.ip);
    throw errors.unauthorized('the access token is not valid');
  }

  /** Sets the session cookie for the token `verify` accepted (an admin token gives an admin session). */
  startSession(req: FastifyRequest, reply: FastifyReply, given: string): void {
    const token = this.matching(given);
    if (token === undefined) return;
    reply.header('set-cookie', cookie(req, issueSession(token, Date.now()), SESSION_SECONDS));
  }

  /** Clears the session cookie. */
  endSession(req: FastifyRequest, reply: FastifyReply): void {
    reply.header('set-cookie', cookie(req, '', 0));
  }

  private matching(given: string): string | undefined {
    // Both compared every time, so the answer takes as long whichever matched.
    const api = this.token !== undefined && sameToken(given, this.token);
    const admin = this.adminToken !== undefined && sameToken(given, this.adminToken);
    return admin ? this.adminToken : api ? this.token : undefined;
  }

  private sessionToken(session: string): string | undefined {
    const now = Date.now();
    if (this.token !== undefined && validSession(session, this.token, now)) return this.token;
    if (this.adminToken !== undefined && validSession(session, this.adminToken, now)) return this.adminToken;
    return undefined;
  }
}

function cookie(req: FastifyRequest, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}
