import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret (refresh tokens, API keys): a slow hash adds nothing there. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export const API_KEY_PREFIX = 'mon_';
/** Characters of the secret kept in clear for lookup and for people to recognise their keys. */
const LOOKUP_CHARS = 8;

/** A new API key: `mon_` + 32 random bytes, with its lookup prefix and hash. */
export function newApiKey(): { raw: string; prefix: string; hash: string } {
  const raw = API_KEY_PREFIX + randomToken();
  return { raw, prefix: lookupPrefix(raw), hash: sha256(raw) };
}

/** The indexed part of a raw key (`mon_` plus its first characters). */
export function lookupPrefix(raw: string): string {
  return raw.slice(0, API_KEY_PREFIX.length + LOOKUP_CHARS);
}
