import type { DialectName } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { type AuditDeps, audited } from '../../platform/audit/audit.js';
import { type UserRow, usersRepo } from '../../store/repos/users-repo.js';
import type { Db, Role } from '../../store/schema.js';
import { endSessions } from '../auth/auth-service.js';
import { assertPasswordAcceptable } from '../auth/password-policy.js';
import { hashPassword } from '../auth/passwords.js';
import { announceSessionsEnded, type SessionsEndedDeps } from '../auth/sessions-ended.js';

/**
 * What user management uses: the database (and its dialect, for row locks), and the bus that ends
 * the live streams of a user whose password changed or who was deleted.
 */
export type UsersDeps = AuditDeps & SessionsEndedDeps & { dialect: DialectName };

/** The public shape of a user: never the hash. */
export function toUserView(u: UserRow) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    must_change_password: u.must_change_password === 1,
    account_type: u.account_type,
    two_factor_enabled: u.two_factor_enabled_at !== null,
    created_at: new Date(u.created_at).toISOString(),
    updated_at: new Date(u.updated_at).toISOString(),
  };
}

export interface NewUser {
  username: string;
  email?: string | null | undefined;
  password: string;
  role: Role;
}

export interface UserPatch {
  username?: string | undefined;
  email?: string | null | undefined;
  password?: string | undefined;
  role?: Role | undefined;
  must_change_password?: boolean | undefined;
}

export async function requireUser(db: Db, id: number) {
  const u = await usersRepo.byId(db, id);
  if (!u) throw errors.not_found(`User ${id} does not exist.`);
  return u;
}

async function ensureUsernameFree(db: Db, username: string, exceptId?: number) {
  const other = await usersRepo.byUsername(db, username);
  if (other && other.id !== exceptId) throw errors.username_taken(`The username "${username}" is taken.`);
}

// Taking away the last superadmin would leave nobody able to manage users or settings.
async function ensureNotLastSuperadmin(db: Db, user: UserRow) {
  if (user.role === 'superadmin' && (await usersRepo.countRole(db, 'superadmin')) <= 1) {
    throw errors.last_superadmin('This is the last superadmin: create or promote another one first.');
  }
}

export async function createUser(
  deps: UsersDeps,
  req: FastifyRequest | null,
  input: NewUser,
  mustChange = false,
) {
  assertPasswordAcceptable(input.password, input.username, 'password');
  const hash = await hashPassword(input.password);
  return audited(deps, req, async (trx) => {
    await ensureUsernameFree(trx, input.username);
    const now = Date.now();
    const row = await usersRepo.insert(trx, {
      username: input.username,
      email: input.email ?? null,
      password_hash: hash,
      role: input.role,
      must_change_password: mustChange ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    const detail = { username: row.username, email: row.email, role: row.role };
    return [row, { action: 'user.create', resource_type: 'user', resource_id: row.id, detail }];
  });
}

export async function updateUser(deps: UsersDeps, req: FastifyRequest, id: number, patch: UserPatch) {
  if (patch.password !== undefined) {
    const target = await requireUser(deps.db, id);
    if (target.account_type === 'oidc') {
      throw errors.validation_failed(
        `User ${target.username} signs in with single sign-on: no password can be set.`,
        {
          errors: [{ path: 'password', message: 'cannot be set for a single sign-on account' }],
        },
      );
    }
    assertPasswordAcceptable(patch.password, patch.username ?? target.username, 'password');
  }
  const hash = patch.password === undefined ? undefined : await hashPassword(patch.password);
  const saved = await audited(deps, req, async (trx) => {
    // Locked like every path that issues tokens, so none can slip past the revocation below.
    const user = await usersRepo.lockById(trx, deps.dialect, id);
    if (!user) throw errors.not_found(`User ${id} does not exist.`);
    if (patch.username !== undefined) await ensureUsernameFree(trx, patch.username, id);
    if (patch.role !== undefined && patch.role !== 'superadmin') await ensureNotLastSuperadmin(trx, user);
    const updated = await usersRepo.update(trx, id, {
      ...(patch.username !== undefined && { username: patch.username }),
      ...(patch.email !== undefined && { email: patch.email }),
      ...(patch.role !== undefined && { role: patch.role }),
      ...(hash !== undefined && { password_hash: hash }),
      ...(patch.must_change_password !== undefined && {
        must_change_password: patch.must_change_password ? 1 : 0,
      }),
      updated_at: Date.now(),
    });
    // A password set by someone else ends every session: whoever held the old one is out. A role
    // change ends the access tokens (the role is read per request anyway; this makes clients
    // renew and see it) but keeps the sign-ins.
    const roleChanged = patch.role !== undefined && patch.role !== user.role;
    if (hash !== undefined) await endSessions(trx, user, 'all');
    else if (roleChanged) await usersRepo.bumpTokenGeneration(trx, id);
    // The password itself never reaches the audit log, not even masked: `fields` says it was set.
    const { password: _secret, ...shown } = patch;
    const detail = { ...shown, fields: Object.keys(patch) };
    return [updated!, { action: 'user.update', resource_type: 'user', resource_id: id, detail }];
  });
  if (hash !== undefined) announceSessionsEnded(deps, id);
  return saved;
}

export async function deleteUser(deps: UsersDeps, req: FastifyRequest, id: number) {
  await audited(deps, req, async (trx) => {
    const user = await requireUser(trx, id);
    await ensureNotLastSuperadmin(trx, user);
    await usersRepo.remove(trx, id);
    return [
      null,
      { action: 'user.delete', resource_type: 'user', resource_id: id, detail: { username: user.username } },
    ];
  });
  announceSessionsEnded(deps, id);
}

export async function getUser(deps: Pick<UsersDeps, 'db'>, id: number) {
  return requireUser(deps.db, id);
}
