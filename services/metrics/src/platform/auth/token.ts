import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Both sides are hashed first so that the comparison takes the same time whatever the lengths:
// timingSafeEqual alone throws on different lengths, and an early length check leaks the length.
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether `given` is `expected`, in time that does not depend on where they differ. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The name of the web UI's session cookie. */
export const SESSION_COOKIE = 'metrics_session';
/** How long a web session lasts before the UI asks for the token again. */
export const SESSION_SECONDS = 12 * 60 * 60;

// A session is `<expiry ms>.<HMAC of it keyed by the token>`: any instance with the same token can
// check it without a session table, and changing the token ends every session at once.
const mac = (token: string, expiresAt: number) =>
  createHmac('sha256', token).update(`metrics-session:${expiresAt}`).digest('base64url');

/** A new session cookie value that expires `SESSION_SECONDS` after `now`. */
export function issueSession(token: string, now: number): string {
  const expiresAt = now + SESSION_SECONDS * 1000;
  return `${expiresAt}.${mac(token, expiresAt)}`;
}

/** Whether a session cookie value was issued with `token` and has not expired. */
export function validSession(value: string, token: string, now: number): boolean {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return false;
  const expiresAt = Number(m[1]);
  if (expiresAt <= now) return false;
  return timingSafeEqual(Buffer.from(m[2] ?? ''), Buffer.from(mac(token, expiresAt)));
}

/** The value of cookie `name` in a Cookie header, if present. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header, if that is its scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
