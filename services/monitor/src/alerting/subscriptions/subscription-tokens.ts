import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 3600_000;

/** A fresh confirmation token (sent once by mail) and the hash that is stored in its place. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmToken(token) };
}

export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

const mac = (key: Buffer, subscriberId: number) =>
  createHmac('sha256', key).update(`unsubscribe:${subscriberId}`).digest();

/**
 * `<id>.<hmac>`: anyone holding a mail can leave, nobody can forge another subscriber's link,
 * and nothing is stored. A new subscription gets a new id, so old links do not carry over.
 */
export function unsubscribeToken(key: Buffer, subscriberId: number): string {
  return `${subscriberId}.${mac(key, subscriberId).toString('base64url')}`;
}

/** The subscriber id an unsubscribe token was made for, or null when it was not made with `key`. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | null {
  const m = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = mac(key, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
