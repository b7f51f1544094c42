import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_SECONDS } from './access-tokens.js';

/**
 * The browser's refresh token lives in an httpOnly cookie, out of reach of page scripts: an
 * injected script can at most use the session while the page is open, never carry the 30-day
 * token away. SameSite=Strict keeps other sites from making the browser send it; the path limits
 * it to the auth endpoints (refresh, logout, change-password) so no other request carries it.
 */
export const REFRESH_COOKIE = 'monitor_refresh';
const COOKIE_PATH = '/api/auth';

/** The refresh token from the request's cookie, if any. */
export function refreshCookieOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    // Our tokens are base64url: anything else is not ours and is ignored.
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

// Secure when the client reached us over https, directly or through a proxy that says so. Trusting
// X-Forwarded-Proto here is safe: a forged value can only make the cookie stricter.
export function isHttps(req: FastifyRequest): boolean {
  if (req.protocol === 'https') return true;
  const fwd = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return first === 'https';
}

function cookie(req: FastifyRequest, value: string, maxAge: number): string {
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

export function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', cookie(req, token, REFRESH_TOKEN_SECONDS));
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(req, '', 0));
}
