import { randomInt } from 'node:crypto';
import { sha256 } from '../auth/secrets.js';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper. 10 characters of 31 ≈ 50 bits, far past what the
// sign-in throttle lets anyone try.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Ten new codes, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let s = '';
    for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** The stored form: case, spaces and dashes as typed do not matter. */
export function recoveryCodeHash(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ''));
}
