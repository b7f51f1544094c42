import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.js';
import { type UserRow, usersRepo } from '../../../store/repos/users-repo.js';
import type { Db, MonitorDB, Role } from '../../../store/schema.js';
import { issueTokens, type TokenDeps, type TokenPair } from '../auth-service.js';
import { hashPassword } from '../passwords.js';
import { userPrincipal } from '../principal.js';
import { randomToken } from '../secrets.js';
import { type Claims, disambiguated, emailFrom, usernameFrom } from './oidc-claims.js';
import type { OidcSettings } from './oidc-settings.js';

/** What signing in a provider's user uses: the database (and its dialect, for row locks) and the token key. */
export type OidcUsersDeps = TokenDeps & { db: Kysely<MonitorDB>; dialect: DialectName };

interface Verified {
  claims: Claims;
  role: Role;
  familyId: string;
}

async function freeUsername(trx: Db, claims: Claims, issuer: string, subject: string) {
  const first = usernameFrom(claims);
  for (const candidate of [first, disambiguated(first, issuer, subject)]) {
    if (!(await usersRepo.byUsername(trx, candidate))) return candidate;
  }
  return null;
}

/**
 * The user of a verified OIDC identity, signed in: found by issuer and subject (never by username,
 * so a provider account cannot take over a local one of the same name), created when sign-up is
 * allowed, and given the role its claim maps to at every sign-in. Returns why not, when it cannot.
 */
export async function signInOidcUser(
  deps: OidcUsersDeps,
  settings: OidcSettings,
  req: FastifyRequest,
  v: Verified,
): Promise<{ pair: TokenPair; user: UserRow } | 'signup_disabled' | 'username_taken'> {
  const issuer = String(v.claims.iss);
  const subject = String(v.claims.sub);
  // A password nobody knows (hashed like any other): an oidc user has no usable password, and a
  // password sign-in attempt on their name costs the same time as any other wrong password.
  // Hashed before the transaction (it takes a while), and only when the user looks new.
  const known = await usersRepo.byOidcIdentity(deps.db, issuer, subject);
  const unusable = known ? null : await hashPassword(randomToken());
  // One audit entry per sign-in, as for every request: a sign-up, or a sign-in (with the role
  // it changed from, if it did).
  return deps.db.transaction().execute(async (trx) => {
    const found = await usersRepo.byOidcIdentity(trx, issuer, subject);
    let user: UserRow;
    let entry: AuditEntry;
    const now = Date.now();
    if (found) {
      const locked = (await usersRepo.lockById(trx, deps.dialect, found.id)) ?? found;
      const email = emailFrom(v.claims) ?? locked.email;
      user = (await usersRepo.update(trx, locked.id, { role: v.role, email, updated_at: now })) ?? locked;
      const changed = locked.role !== v.role;
      if (changed) {
        // As any role change: the user's other sessions renew their access tokens and see it.
        const generation = await usersRepo.bumpTokenGeneration(trx, user.id);
        user = { ...user, token_generation: generation ?? Number(user.token_generation) + 1 };
      }
      entry = {
        action: 'auth.oidc_login',
        resource_type: 'user',
        resource_id: user.id,
        detail: { role: v.role, ...(changed && { previous_role: locked.role }) },
      };
    } else {
      if (!settings.allowSignup) return 'signup_disabled';
      const username = await freeUsername(trx, v.claims, issuer, subject);
      if (!username) return 'username_taken';
      user = await usersRepo.insert(trx, {
        username,
        email: emailFrom(v.claims),
        password_hash: unusable ?? (await hashPassword(randomToken())),
        role: v.role,
        must_change_password: 0,
        created_at: now,
        updated_at: now,
        account_type: 'oidc',
        oidc_issuer: issuer,
        oidc_subject: subject,
      });
      entry = {
        action: 'auth.oidc_signup',
        resource_type: 'user',
        resource_id: user.id,
        detail: { username, role: v.role, issuer, subject },
      };
    }
    req.principal = userPrincipal(user);
    const pair = await issueTokens(deps, trx, user, v.familyId, req, 'oidc');
    await writeAudit(trx, req, entry);
    return { pair, user };
  });
}
