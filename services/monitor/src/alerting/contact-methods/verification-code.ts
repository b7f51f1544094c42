import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a verification code can be entered, and how many wrong tries it takes. */
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** A six-digit code, uniformly random. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * What is stored of a code: a keyed hash bound to the method, so a copy of the database does not
 * let anyone try the million codes offline, and a code for one method does not verify another.
 */
export const codeHash = (key: Buffer, channelId: number, code: string): string =>
  createHmac('sha256', key).update(`contact-verify:${channelId}:${code}`).digest('hex');

export function codeMatches(key: Buffer, channelId: number, code: string, stored: string): boolean {
  const a = Buffer.from(codeHash(key, channelId, code), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
