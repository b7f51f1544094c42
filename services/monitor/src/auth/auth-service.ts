import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { audited, writeAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { loginThrottleRepo } from '../store/repos/login-throttle-repo.js';
import { refreshTokensRepo } from '../store/repos/refresh-tokens-repo.js';
import { usersRepo } from '../store/repos/users-repo.js';
import type { Db } from '../store/schema.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, signAccessToken } from './access-tokens.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { randomToken, sha256 } from './secrets.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

// The per-IP budget lets one address try a few accounts but not spray many.
const IP_BUDGET_FACTOR = 5;

async function issueTokens(ctx: AppContext, db: Db, userId: number, familyId: string): Promise<TokenPair> {
  const refresh = randomToken();
  const now = Date.now();
  await refreshTokensRepo.insert(db, {
    user_id: userId,
    family_id: familyId,
    token_hash: sha256(refresh),
    created_at: now,
    expires_at: now + REFRESH_TOKEN_SECONDS * 1000,
    used_at: null,
    revoked_at: null,
  });
  return {
    access_token: await signAccessToken(ctx.keys.jwt, userId),
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

/** Seconds until `key` may try again, or 0 when it is under its budget. */
async function throttled(ctx: AppContext, key: string, budget: number): Promise<number> {
  const row = await loginThrottleRepo.get(ctx.db, key);
  if (!row) return 0;
  const windowEnds = row.window_started_at + ctx.config.loginWindowSeconds * 1000;
  if (Date.now() >= windowEnds || row.failures < budget) return 0;
  return Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000));
}

async function countFailure(ctx: AppContext, db: Db, key: string) {
  const now = Date.now();
  const row = await loginThrottleRepo.get(db, key);
  const fresh = !row || now >= row.window_started_at + ctx.config.loginWindowSeconds * 1000;
  await loginThrottleRepo.set(db, key, fresh ? 1 : row.failures + 1, fresh ? now : row.window_started_at);
}

/** Verifies a username and password and opens a session; the same 401 whether or not the user exists. */
export async function login(ctx: AppContext, req: FastifyRequest, username: string, password: string) {
  const userKey = `${req.ip}|${username.toLowerCase()}`;
  const ipKey = `${req.ip}|*`;
  const max = ctx.config.loginMaxFailures;
  const wait = Math.max(
    await throttled(ctx, userKey, max),
    await throttled(ctx, ipKey, max * IP_BUDGET_FACTOR),
  );
  if (wait > 0) {
    throw errors.rate_limited(`Too many failed sign-ins; try again in ${wait} s.`, {
      headers: { 'retry-after': String(wait) },
    });
  }
  const user = await usersRepo.byUsername(ctx.db, username);
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  if (!user || !ok) {
    await ctx.db.transaction().execute(async (trx) => {
      await countFailure(ctx, trx, userKey);
      await countFailure(ctx, trx, ipKey);
      await writeAudit(trx, req, {
        action: 'auth.login_failed',
        resource_type: 'user',
        detail: { username },
      });
    });
    throw errors.invalid_credentials('The username or password is wrong.');
  }
  return audited(ctx, req, async (trx) => {
    await loginThrottleRepo.clear(trx, userKey);
    const pair = await issueTokens(ctx, trx, user.id, randomUUID());
    req.principal = {
      kind: 'user',
      userId: user.id,
      username: user.username,
      role: user.role,
      mustChangePassword: user.must_change_password === 1,
      apiKeyId: null,
      apiKeyName: null,
    };
    return [pair, { action: 'auth.login', resource_type: 'user', resource_id: user.id }];
  });
}

/**
 * Rotates a refresh token. A token that was already used means someone replayed it: the whole
 * family (every token descended from that login) is revoked, logging out thief and owner alike.
 */
export async function refresh(ctx: AppContext, req: FastifyRequest, token: string): Promise<TokenPair> {
  const row = await refreshTokensRepo.byHash(ctx.db, sha256(token));
  const now = Date.now();
  if (!row || row.revoked_at !== null || row.expires_at <= now) {
    throw errors.invalid_token('The refresh token is not valid; sign in again.');
  }
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await refreshTokensRepo.markUsed(trx, row.id, now))) {
      await refreshTokensRepo.revokeFamily(trx, row.family_id, now);
      await writeAudit(trx, req, {
        action: 'auth.refresh_reuse_detected',
        resource_type: 'user',
        resource_id: row.user_id,
        detail: { family_id: row.family_id },
      });
      return null;
    }
    const pair = await issueTokens(ctx, trx, row.user_id, row.family_id);
    await writeAudit(trx, req, { action: 'auth.refresh', resource_type: 'user', resource_id: row.user_id });
    return pair;
  });
  if (!result)
    throw errors.invalid_token('The refresh token was already used; every session of it is revoked.');
  return result;
}

/** Ends the session the refresh token belongs to. Unknown tokens are accepted quietly (idempotent). */
export async function logout(ctx: AppContext, req: FastifyRequest, token: string) {
  const row = await refreshTokensRepo.byHash(ctx.db, sha256(token));
  await audited(ctx, req, async (trx) => {
    if (row) await refreshTokensRepo.revokeFamily(trx, row.family_id, Date.now());
    return [null, { action: 'auth.logout', resource_type: 'user', resource_id: row?.user_id ?? null }];
  });
}

/**
 * Changes the caller's password after checking the current one. Every existing session of the
 * user ends (a stolen refresh token dies with the old password); a fresh pair is returned.
 */
export async function changePassword(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
  current: string,
  next: string,
): Promise<TokenPair> {
  const user = await usersRepo.byId(ctx.db, userId);
  if (!user || !(await verifyPassword(current, user.password_hash))) {
    throw errors.validation_failed('The current password is wrong.', {
      errors: [{ path: 'current_password', message: 'is wrong' }],
    });
  }
  if (current === next) {
    throw errors.validation_failed('The new password must differ from the current one.', {
      errors: [{ path: 'new_password', message: 'must differ from the current password' }],
    });
  }
  const hash = await hashPassword(next);
  return audited(ctx, req, async (trx) => {
    const now = Date.now();
    await usersRepo.update(trx, userId, { password_hash: hash, must_change_password: 0, updated_at: now });
    await refreshTokensRepo.revokeAllOfUser(trx, userId, now);
    const pair = await issueTokens(ctx, trx, userId, randomUUID());
    return [pair, { action: 'auth.change_password', resource_type: 'user', resource_id: userId }];
  });
}
