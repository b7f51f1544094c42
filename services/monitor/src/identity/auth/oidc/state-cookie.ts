import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../refresh-cookie.js';
import { PENDING_SECONDS } from './oidc-login.js';

/**
 * The state of a sign-in in progress, kept by the browser that started it: the callback accepts
 * only the state this cookie holds, so nobody can finish their own sign-in in a victim's browser
 * (login CSRF). SameSite=Lax because the provider's redirect back is a cross-site navigation.
 */
const STATE_COOKIE = 'monitor_oidc_state';
const PATH = '/api/auth/oidc';

export function stateCookieOf(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== STATE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

function cookie(req: FastifyRequest, value: string, maxAge: number): string {
  const parts = [`${STATE_COOKIE}=${value}`, `Path=${PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

export function setStateCookie(req: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.header('set-cookie', cookie(req, state, PENDING_SECONDS));
}

export function clearStateCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(req, '', 0));
}
