import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt N=2^15, r=8, p=1: OWASP's memory-hard baseline (32 MiB per hash), ~60 ms here.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, p: typeof PARAMS): Promise<Buffer> {
  const opts: ScryptOptions = { ...p, maxmem: 128 * p.N * p.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts), parameters kept for future upgrades. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the user does not exist so timing reveals nothing. */
export const decoyHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * A random password (first admin, reset by a superadmin): 20 characters from an unambiguous
 * alphabet, each drawn uniformly (randomInt, no modulo bias): about 115 bits.
 */
export function randomPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
