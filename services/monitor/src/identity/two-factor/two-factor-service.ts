import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { type AuditDeps, audited, writeAudit } from '../../platform/audit/audit.js';
import { encryptSecret } from '../../platform/crypto/secret-box.js';
import { clearSlots } from '../../platform/throttle/throttle.js';
import { twoFactorRepo } from '../../store/repos/two-factor-repo.js';
import { type UserRow, usersRepo } from '../../store/repos/users-repo.js';
import type { Db } from '../../store/schema.js';
import { type MfaEnrolmentGateDeps, mfaEnrolmentRequired } from '../auth/mfa-enrolment-gate.js';
import { verifyPassword } from '../auth/passwords.js';
import { announceSessionsEnded, type SessionsEndedDeps } from '../auth/sessions-ended.js';
import { endOtherSessions } from '../auth/sessions-service.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import {
  codeThrottleKey,
  openSeed,
  type SecondFactorDeps,
  spendCode,
  takeCodeSlot,
  wrongFactor,
} from './second-factor.js';
import { codeStep, newTotpSecret, otpauthUrl, qrDataUrl } from './totp.js';

/**
 * What enrolment and the account actions use: the database (and its dialect, for row locks), the
 * code budget and seed key, the settings' gate, and the bus that ends the live streams of sessions
 * ended by an enrolment.
 */
export type TwoFactorDeps = AuditDeps &
  SecondFactorDeps &
  MfaEnrolmentGateDeps &
  SessionsEndedDeps & { dialect: DialectName };

async function userOf(db: Db, id: number): Promise<UserRow> {
  const u = await usersRepo.byId(db, id);
  if (!u) throw errors.not_found(`User ${id} does not exist.`);
  return u;
}

/** What the account page shows: never a seed or a code. */
export async function twoFactorStatus(deps: TwoFactorDeps, userId: number) {
  const user = await userOf(deps.db, userId);
  const row = await twoFactorRepo.secretsOf(deps.db, userId);
  const enabled = user.two_factor_enabled_at !== null;
  return {
    enabled,
    enabled_at: enabled ? new Date(Number(user.two_factor_enabled_at)).toISOString() : null,
    pending: !enabled && !!row?.pending_secret,
    recovery_codes_left: enabled ? await twoFactorRepo.recoveryCodesLeft(deps.db, userId) : 0,
    required: await mfaEnrolmentRequired(deps, user.role),
  };
}

/**
 * Starts an enrolment: a new seed, kept encrypted as pending until a code from it is confirmed.
 * The seed leaves the service this once (in the URL, the QR code and as text for typing in).
 */
export async function startEnrolment(deps: TwoFactorDeps, req: FastifyRequest, userId: number) {
  const user = await userOf(deps.db, userId);
  if (user.two_factor_enabled_at !== null) {
    throw errors.two_factor_already_enabled(
      'Two-factor sign-in is already on; disable it first to enrol again.',
    );
  }
  const secret = newTotpSecret();
  const url = otpauthUrl(user.username, secret);
  await audited(deps, req, async (trx) => {
    await twoFactorRepo.putPending(trx, userId, encryptSecret(deps.keys.encryption, secret), Date.now());
    return [null, { action: 'two_factor.enrol_start', resource_type: 'user', resource_id: userId }];
  });
  return { secret, otpauth_url: url, qr_code: await qrDataUrl(url) };
}

/**
 * Turns two-factor on with a code of the pending seed; the ten recovery codes are returned this once.
 * Every other session of the user ends (issue 29): they were opened with the password alone, which
 * is no longer enough; the caller's own session (`sessionId`), which just proved the second factor,
 * goes on.
 */
export async function confirmEnrolment(
  deps: TwoFactorDeps,
  req: FastifyRequest,
  userId: number,
  sessionId: string | null,
  code: string,
) {
  const row = await twoFactorRepo.secretsOf(deps.db, userId);
  if (!row?.pending_secret) {
    throw errors.two_factor_not_pending('Start an enrolment first (POST /api/auth/two-factor/enrol).');
  }
  await takeCodeSlot(deps, userId);
  const pending = row.pending_secret;
  const step = await codeStep(openSeed(deps, pending), code, null);
  if (step === null) {
    await writeAudit(deps.db, req, {
      action: 'two_factor.code_failed',
      resource_type: 'user',
      resource_id: userId,
    });
    throw wrongFactor('code');
  }
  const codes = newRecoveryCodes();
  const ended = await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, userId);
    const now = (await twoFactorRepo.secretsOf(trx, userId))?.pending_secret;
    // Another enrolment started meanwhile: this code belongs to a seed no longer pending.
    if (!user || now !== pending)
      throw errors.two_factor_not_pending('The enrolment was restarted; use the new QR code.');
    if (user.two_factor_enabled_at !== null)
      throw errors.two_factor_already_enabled('Two-factor sign-in is already on.');
    const at = Date.now();
    await twoFactorRepo.confirm(trx, userId, pending, step);
    await twoFactorRepo.setEnabledAt(trx, userId, at);
    await twoFactorRepo.replaceRecoveryCodes(trx, userId, codes.map(recoveryCodeHash), at);
    await clearSlots(trx, codeThrottleKey(userId));
    const others = await endOtherSessions(trx, user, sessionId);
    return [
      others,
      {
        action: 'two_factor.enable',
        resource_type: 'user',
        resource_id: userId,
        detail: { other_sessions_ended: others },
      },
    ];
  });
  if (ended > 0) announceSessionsEnded(deps, userId);
  return { recovery_codes: codes, other_sessions_ended: ended };
}

/**
 * Runs `work` in a transaction once the user's current code (spent) or password is right; a wrong
 * one is audited and answered 422, counted against the user's code budget.
 */
async function withFactor<T>(
  deps: TwoFactorDeps,
  req: FastifyRequest,
  userId: number,
  factor: { code?: string | undefined; password?: string | undefined },
  work: (trx: Db) => Promise<[T, { action: string; detail?: unknown }]>,
): Promise<T> {
  const user = await userOf(deps.db, userId);
  if (user.two_factor_enabled_at === null)
    throw errors.two_factor_not_enabled('Two-factor sign-in is not on.');
  await takeCodeSlot(deps, userId);
  const passwordOk =
    factor.password !== undefined && (await verifyPassword(factor.password, user.password_hash));
  const done = await deps.db.transaction().execute(async (trx) => {
    const locked = await usersRepo.lockById(trx, deps.dialect, userId);
    if (!locked || locked.two_factor_enabled_at === null)
      throw errors.two_factor_not_enabled('Two-factor sign-in is not on.');
    const ok =
      factor.code !== undefined
        ? await spendCode(deps, trx, userId, factor.code)
        : passwordOk && locked.password_hash === user.password_hash;
    if (!ok) return null;
    const [result, entry] = await work(trx);
    await clearSlots(trx, codeThrottleKey(userId));
    await writeAudit(trx, req, { ...entry, resource_type: 'user', resource_id: userId });
    return { result };
  });
  if (done) return done.result;
  await writeAudit(deps.db, req, {
    action: 'two_factor.code_failed',
    resource_type: 'user',
    resource_id: userId,
  });
  throw wrongFactor(factor.code !== undefined ? 'code' : 'password');
}

/** Turns two-factor off with a current code or the password; seeds and recovery codes are deleted. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  req: FastifyRequest,
  userId: number,
  factor: { code?: string | undefined; password?: string | undefined },
) {
  if ((factor.code === undefined) === (factor.password === undefined)) {
    throw errors.validation_failed('Send either a current code or the password.', {
      errors: [{ path: 'code', message: 'send either code or password' }],
    });
  }
  await withFactor(deps, req, userId, factor, async (trx) => {
    await twoFactorRepo.removeAll(trx, userId);
    await twoFactorRepo.setEnabledAt(trx, userId, null);
    return [
      null,
      { action: 'two_factor.disable', detail: { with: factor.code !== undefined ? 'code' : 'password' } },
    ];
  });
}

/** Ten new recovery codes (the old ones stop working), returned this once. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  req: FastifyRequest,
  userId: number,
  code: string,
) {
  const codes = newRecoveryCodes();
  await withFactor(deps, req, userId, { code }, async (trx) => {
    await twoFactorRepo.replaceRecoveryCodes(trx, userId, codes.map(recoveryCodeHash), Date.now());
    return [null, { action: 'two_factor.recovery_codes_regenerate' }];
  });
  return { recovery_codes: codes };
}

/** A superadmin removes a user's two-factor sign-in (a lost phone and lost recovery codes). */
export async function removeTwoFactor(deps: TwoFactorDeps, req: FastifyRequest, userId: number) {
  await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, userId);
    if (!user) throw errors.not_found(`User ${userId} does not exist.`);
    const row = await twoFactorRepo.secretsOf(trx, userId);
    if (user.two_factor_enabled_at === null && !row) {
      throw errors.two_factor_not_enabled(`User ${user.username} has no two-factor sign-in.`);
    }
    await twoFactorRepo.removeAll(trx, userId);
    await twoFactorRepo.setEnabledAt(trx, userId, null);
    return [
      null,
      {
        action: 'user.two_factor_remove',
        resource_type: 'user',
        resource_id: userId,
        detail: { username: user.username },
      },
    ];
  });
}
