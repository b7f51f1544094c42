import { randomUUID } from 'node:crypto';
import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { type AuditDeps, audited, writeAudit } from '../../platform/audit/audit.js';
import type { DerivedKeys } from '../../platform/crypto/secret-key.js';
import {
  clearSlots,
  rateLimited,
  refundSlot,
  type ThrottleDeps,
  takeSlot,
  takeSlots,
} from '../../platform/throttle/throttle.js';
import { refreshTokensRepo } from '../../store/repos/refresh-tokens-repo.js';
import { sessionsRepo } from '../../store/repos/sessions-repo.js';
import { type UserRow, usersRepo } from '../../store/repos/users-repo.js';
import type { Db, SessionMethod } from '../../store/schema.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, signAccessToken } from './access-tokens.js';
import { principalOf } from './authenticate.js';
import { openMfaChallenge } from './mfa-challenge.js';
import { assertPasswordLoginAllowed, type PasswordLoginGateDeps } from './password-login-gate.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { userPrincipal } from './principal.js';
import { randomToken, sha256 } from './secrets.js';
import { recordSession } from './session-record.js';
import { announceSessionsEnded, type SessionsEndedDeps } from './sessions-ended.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** The password step's answer for a user with two-factor on: the second step follows with the token. */
export interface MfaRequired {
  mfa_required: true;
  mfa_token: string;
}

/** What issuing tokens uses: the key that signs access tokens. */
export interface TokenDeps {
  keys: Pick<DerivedKeys, 'jwt'>;
}

/** What sign-in, renewal, sign-out and password change use. */
export type AuthServiceDeps = TokenDeps &
  AuditDeps &
  ThrottleDeps &
  SessionsEndedDeps &
  PasswordLoginGateDeps & {
    dialect: DialectName;
    config: { loginMaxFailures: number };
  };

// The per-IP budget lets one address try a few accounts but not spray many.
const IP_BUDGET_FACTOR = 5;

/**
 * A new refresh token in `familyId` and an access token at the user's current generation. Every path
 * that opens or renews a session goes through here (password, 2FA, OIDC, refresh), so the session
 * record (user agent, address, last use) is kept in one place; `req` is the request doing it.
 * `method` says how a new session was opened; a renewal keeps the one it was opened with. The
 * access token names the session (`sid`), so revoking the session ends it (see authenticate.ts).
 */
export async function issueTokens(
  deps: TokenDeps,
  db: Db,
  user: UserRow,
  familyId: string,
  req: FastifyRequest,
  method: SessionMethod = 'password',
): Promise<TokenPair> {
  const refresh = randomToken();
  const now = Date.now();
  const expiresAt = now + REFRESH_TOKEN_SECONDS * 1000;
  await refreshTokensRepo.insert(db, {
    user_id: user.id,
    family_id: familyId,
    token_hash: sha256(refresh),
    created_at: now,
    expires_at: expiresAt,
    used_at: null,
    revoked_at: null,
  });
  await recordSession(db, user.id, familyId, req, method, now, expiresAt);
  return {
    access_token: await signAccessToken(deps.keys.jwt, user.id, Number(user.token_generation), familyId),
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

/**
 * Ends sessions of a user inside `trx`, which must hold the user's row lock: the refresh family
 * given, or all of them but `keep` (null: all). One session ends by its record alone (its access
 * tokens name it); ending all of them also bumps the generation, which ends every access token
 * issued so far at once. Returns the user at the generation in force.
 */
export async function endSessions(
  trx: Db,
  user: UserRow,
  familyId: string | 'all',
  keep: string | null = null,
): Promise<UserRow> {
  const now = Date.now();
  if (familyId !== 'all') {
    await refreshTokensRepo.revokeFamily(trx, familyId, now);
    await sessionsRepo.revoke(trx, familyId, now);
    return user;
  }
  await refreshTokensRepo.revokeAllOfUser(trx, user.id, now);
  await sessionsRepo.revokeAllOfUser(trx, user.id, now, keep);
  const generation = await usersRepo.bumpTokenGeneration(trx, user.id);
  return { ...user, token_generation: generation ?? Number(user.token_generation) + 1 };
}

/**
 * Verifies a username and password and opens a session, or for a user with two-factor on answers
 * the challenge of the second step (POST /api/auth/login/mfa); the same 401 whether or not the user exists.
 */
export async function login(
  deps: AuthServiceDeps,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<TokenPair | MfaRequired> {
  await assertPasswordLoginAllowed(deps, username);
  const userKey = `${req.ip}|${username.toLowerCase()}`;
  const ipKey = `${req.ip}|*`;
  const max = deps.config.loginMaxFailures;
  // Counted before the password is checked, so racing requests cannot all slip under the budget.
  const wait = await takeSlots(deps, [
    [userKey, max],
    [ipKey, max * IP_BUDGET_FACTOR],
  ]);
  if (wait > 0) throw rateLimited('Too many failed sign-ins', wait);
  const user = await usersRepo.byUsername(deps.db, username);
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  const wrong = () => errors.invalid_credentials('The username or password is wrong.');
  if (!user || !ok) {
    await writeAudit(deps.db, req, {
      action: 'auth.login_failed',
      resource_type: 'user',
      detail: { username },
    });
    throw wrong();
  }
  return audited<TokenPair | MfaRequired>(deps, req, async (trx) => {
    const locked = await usersRepo.lockById(trx, deps.dialect, user.id);
    // A password set while this one was being checked wins: the old one no longer opens sessions.
    if (!locked || locked.password_hash !== user.password_hash) throw wrong();
    await clearSlots(trx, userKey);
    await refundSlot(trx, ipKey);
    if (locked.two_factor_enabled_at !== null) {
      const mfa: MfaRequired = { mfa_required: true, mfa_token: await openMfaChallenge(trx, locked.id) };
      return [mfa, { action: 'auth.mfa_challenge', resource_type: 'user', resource_id: locked.id }];
    }
    const pair = await issueTokens(deps, trx, locked, randomUUID(), req);
    req.principal = userPrincipal(locked);
    return [pair, { action: 'auth.login', resource_type: 'user', resource_id: locked.id }];
  });
}

/**
 * Rotates a refresh token. A token that was already used means someone replayed it: the whole
 * family (every token descended from that login) is revoked and every access token of the user
 * issued so far ends, logging out thief and owner alike.
 */
export async function refresh(deps: AuthServiceDeps, req: FastifyRequest, token: string): Promise<TokenPair> {
  const hash = sha256(token);
  const row = await refreshTokensRepo.byHash(deps.db, hash);
  const now = Date.now();
  const invalid = () => errors.invalid_token('The refresh token is not valid; sign in again.');
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw invalid();
  const result = await deps.db.transaction().execute(async (trx) => {
    // The user's lock first (as every revoking path does), so a concurrent reset cannot miss
    // the token this refresh is about to issue.
    const user = await usersRepo.lockById(trx, deps.dialect, row.user_id);
    if (!user) throw invalid();
    if (await refreshTokensRepo.markUsed(trx, row.id, now)) {
      // A routine renewal writes no audit entry: the dashboard renews on every page load and every
      // few minutes, and those rows (by no signed-in actor: the access token has expired) buried the
      // changes people read the log for. The sign-in that began the session is audited, the
      // session's last use is on the sessions list, and a replayed token is audited below.
      return issueTokens(deps, trx, user, row.family_id, req);
    }
    // Revoked meanwhile (sign-out, password reset): just not valid. Spent: a replay.
    const current = await refreshTokensRepo.byHash(trx, hash);
    if (!current || current.revoked_at !== null) throw invalid();
    await endSessions(trx, user, row.family_id);
    await writeAudit(trx, req, {
      action: 'auth.refresh_reuse_detected',
      resource_type: 'user',
      resource_id: row.user_id,
      detail: { family_id: row.family_id },
    });
    return null;
  });
  if (!result) {
    announceSessionsEnded(deps, row.user_id);
    throw errors.invalid_token('The refresh token was already used; every session of it is revoked.');
  }
  return result;
}

/**
 * Ends the session a refresh token belongs to, and every access token of its user issued so far
 * (other sessions renew theirs with their own refresh token). Tokens that are unknown or already
 * ended change nothing and write no audit entry, but count against the caller's address like failed
 * sign-ins, so nobody can flood the service with made-up tokens.
 */
export async function logout(deps: AuthServiceDeps, req: FastifyRequest, token: string | null) {
  const key = `logout|${req.ip}`;
  const { retryAfter } = await takeSlot(deps, key, deps.config.loginMaxFailures * IP_BUDGET_FACTOR);
  if (retryAfter > 0) throw rateLimited('Too many sign-outs with unknown tokens', retryAfter);
  const row = token ? await refreshTokensRepo.byHash(deps.db, sha256(token)) : undefined;
  if (!row || row.revoked_at !== null) return;
  await refundSlot(deps.db, key);
  await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, row.user_id);
    if (user) await endSessions(trx, user, row.family_id);
    return [null, { action: 'auth.logout', resource_type: 'user', resource_id: row.user_id }];
  });
  announceSessionsEnded(deps, row.user_id);
}

/**
 * Changes the caller's password after checking the current one. Every other session of the user
 * ends, access tokens included (a stolen token dies with the old password); the fresh pair
 * returned keeps the caller's session going. Wrong current passwords are throttled like sign-ins, so a
 * stolen access token cannot be used to guess the password.
 */
export async function changePassword(
  deps: AuthServiceDeps,
  req: FastifyRequest,
  userId: number,
  current: string,
  next: string,
): Promise<TokenPair> {
  const key = `change-password|${userId}`;
  const { retryAfter } = await takeSlot(deps, key, deps.config.loginMaxFailures);
  if (retryAfter > 0) throw rateLimited('Too many wrong current passwords', retryAfter);
  const wrong = () =>
    errors.validation_failed('The current password is wrong.', {
      errors: [{ path: 'current_password', message: 'is wrong' }],
    });
  const user = await usersRepo.byId(deps.db, userId);
  if (!user || !(await verifyPassword(current, user.password_hash))) throw wrong();
  if (current === next) {
    await refundSlot(deps.db, key);
    throw errors.validation_failed('The new password must differ from the current one.', {
      errors: [{ path: 'new_password', message: 'must differ from the current password' }],
    });
  }
  // After the current password is known right, so the policy's answer tells a guesser nothing.
  try {
    assertPasswordAcceptable(next, user.username, 'new_password');
  } catch (e) {
    await refundSlot(deps.db, key);
    throw e;
  }
  const hash = await hashPassword(next);
  const pair = await audited(deps, req, async (trx) => {
    const locked = await usersRepo.lockById(trx, deps.dialect, userId);
    if (!locked || locked.password_hash !== user.password_hash) throw wrong();
    await usersRepo.update(trx, userId, {
      password_hash: hash,
      must_change_password: 0,
      updated_at: Date.now(),
    });
    await clearSlots(trx, key);
    // Every other session ends; the caller's goes on (same session, a new pair at the new
    // generation), so the sessions list still shows it as the one it was.
    const current = principalOf(req).sessionId;
    const renewed = await endSessions(trx, locked, 'all', current);
    const pair = await issueTokens(deps, trx, renewed, current ?? randomUUID(), req);
    return [pair, { action: 'auth.change_password', resource_type: 'user', resource_id: userId }];
  });
  announceSessionsEnded(deps, userId);
  return pair;
}
