import { randomUUID } from 'node:crypto';
import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { clearSlots, rateLimited, refundSlot, takeSlots } from '../../platform/throttle/throttle.js';
import { twoFactorRepo } from '../../store/repos/two-factor-repo.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import { issueTokens, type TokenDeps, type TokenPair } from '../auth/auth-service.js';
import { userPrincipal } from '../auth/principal.js';
import { sha256 } from '../auth/secrets.js';
import { recoveryCodeHash } from './recovery-codes.js';
import { codeThrottleKey, type SecondFactorDeps, spendCode } from './second-factor.js';

/** What the second sign-in step uses: the code budget and seed key, the token key, the dialect for row locks. */
export type MfaLoginDeps = SecondFactorDeps & TokenDeps & { dialect: DialectName };

// As for passwords: one address may try a few accounts, not many.
const IP_BUDGET_FACTOR = 5;

export interface MfaStep {
  mfa_token: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
}

/**
 * The second sign-in step: a current code (single use) or an unused recovery code, with the
 * challenge of the password step (single use, bound to its user). Wrong codes count against the
 * user's and the address's budgets like wrong passwords.
 */
export async function completeMfaLogin(
  deps: MfaLoginDeps,
  req: FastifyRequest,
  step: MfaStep,
): Promise<TokenPair> {
  if ((step.code === undefined) === (step.recovery_code === undefined)) {
    throw errors.validation_failed('Send either code or recovery_code.', {
      errors: [{ path: 'code', message: 'send either code or recovery_code' }],
    });
  }
  const hash = sha256(step.mfa_token);
  const expired = () => errors.invalid_token('The sign-in step is not valid or has expired; sign in again.');
  const challenge = await twoFactorRepo.challenge(deps.db, hash, Date.now());
  if (!challenge) throw expired();
  const userId = Number(challenge.user_id);
  const userKey = codeThrottleKey(userId);
  const ipKey = `${req.ip}|*`;
  const max = deps.config.loginMaxFailures;
  const wait = await takeSlots(deps, [
    [userKey, max],
    [ipKey, max * IP_BUDGET_FACTOR],
  ]);
  if (wait > 0) throw rateLimited('Too many wrong codes', wait);
  const factor = step.code !== undefined ? 'totp' : 'recovery_code';
  const pair = await deps.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const user = await usersRepo.lockById(trx, deps.dialect, userId);
    // Two-factor removed meanwhile: the password step must be done again.
    if (!user || user.two_factor_enabled_at === null) throw expired();
    const ok =
      step.code !== undefined
        ? await spendCode(deps, trx, userId, step.code)
        : await twoFactorRepo.spendRecoveryCode(trx, userId, recoveryCodeHash(step.recovery_code!), now);
    if (!ok) return null;
    if (!(await twoFactorRepo.spendChallenge(trx, hash, now))) throw expired();
    await clearSlots(trx, userKey);
    await refundSlot(trx, ipKey);
    const tokens = await issueTokens(deps, trx, user, randomUUID(), req, 'two_factor');
    req.principal = userPrincipal(user);
    const left =
      factor === 'recovery_code'
        ? { recovery_codes_left: await twoFactorRepo.recoveryCodesLeft(trx, userId) }
        : {};
    await writeAudit(trx, req, {
      action: 'auth.login',
      resource_type: 'user',
      resource_id: userId,
      detail: { second_factor: factor, ...left },
    });
    return tokens;
  });
  if (pair) return pair;
  await writeAudit(deps.db, req, {
    action: 'auth.mfa_failed',
    resource_type: 'user',
    resource_id: userId,
    detail: { second_factor: factor },
  });
  throw errors.invalid_credentials(
    factor === 'totp'
      ? 'The code is wrong or was already used.'
      : 'The recovery code is wrong or was already used.',
  );
}
