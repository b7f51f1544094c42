import { errors } from '../../errors.js';
import { decryptSecret } from '../../platform/crypto/secret-box.js';
import { rateLimited, type ThrottleDeps, takeSlot } from '../../platform/throttle/throttle.js';
import { twoFactorRepo } from '../../store/repos/two-factor-repo.js';
import type { Db } from '../../store/schema.js';
import { codeStep } from './totp.js';

/** What the second factor uses: the code budget (throttle, LOGIN_MAX_FAILURES) and the key that seals seeds. */
export type SecondFactorDeps = ThrottleDeps & {
  keys: { encryption: Buffer };
  config: { loginMaxFailures: number };
};

/** The throttle key of a user's wrong codes (sign-in step and account actions share one budget). */
export const codeThrottleKey = (userId: number) => `two-factor|${userId}`;

/**
 * Takes a slot of the user's code budget before a code or password is checked, like sign-ins:
 * a stolen password or access token cannot be used to run through the million codes.
 */
export async function takeCodeSlot(deps: SecondFactorDeps, userId: number): Promise<void> {
  const { retryAfter } = await takeSlot(deps, codeThrottleKey(userId), deps.config.loginMaxFailures);
  if (retryAfter > 0) throw rateLimited('Too many wrong codes', retryAfter);
}

/**
 * The clear seed. A seed sealed under another SECRET_KEY cannot be opened: that is said plainly
 * (a 409 naming the way out) rather than left to a 500.
 */
export function openSeed(deps: Pick<SecondFactorDeps, 'keys'>, sealed: string): string {
  try {
    return decryptSecret(deps.keys.encryption, sealed);
  } catch {
    throw errors.conflict(
      'The two-factor seed cannot be read (SECRET_KEY changed?): a superadmin must remove two-factor sign-in for this user (DELETE /api/users/{id}/two-factor).',
    );
  }
}

/**
 * True when `code` is a current code of the user's confirmed seed not used before; its time step is
 * recorded in `trx` (the same code is refused afterwards, even within its 30 seconds).
 */
export async function spendCode(
  deps: Pick<SecondFactorDeps, 'keys'>,
  trx: Db,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await twoFactorRepo.secretsOf(trx, userId);
  if (!row?.secret) return false;
  const secret = openSeed(deps, row.secret);
  const step = await codeStep(secret, code, row.last_time_step === null ? null : Number(row.last_time_step));
  return step !== null && (await twoFactorRepo.spendStep(trx, userId, step));
}

/** The 422 of a wrong code or password in an account action. */
export function wrongFactor(path: 'code' | 'password') {
  const what = path === 'code' ? 'The code is wrong or was already used.' : 'The password is wrong.';
  return errors.validation_failed(what, {
    errors: [{ path, message: path === 'code' ? 'is wrong or already used' : 'is wrong' }],
  });
}
