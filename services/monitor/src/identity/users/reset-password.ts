import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import { endSessions } from '../auth/auth-service.js';
import { assertPasswordAcceptable } from '../auth/password-policy.js';
import { hashPassword, randomPassword } from '../auth/passwords.js';
import { announceSessionsEnded } from '../auth/sessions-ended.js';
import { requireUser, type UsersDeps } from './users-service.js';

/**
 * A superadmin sets a temporary password for a user (the one given, or a generated one): the user
 * must change it at the next sign-in, and every session of theirs ends, access tokens included.
 * The password is answered once, to be handed over; the audit entry never holds it.
 */
export async function resetPassword(
  deps: UsersDeps,
  req: FastifyRequest,
  id: number,
  given: string | undefined,
): Promise<{ temporary_password: string }> {
  const target = await requireUser(deps.db, id);
  if (target.account_type === 'oidc') {
    // A password would open a second door the identity provider knows nothing about.
    throw errors.conflict(
      `User ${target.username} signs in with single sign-on and has no password to reset.`,
    );
  }
  const temporary = given ?? randomPassword();
  if (given !== undefined) assertPasswordAcceptable(given, target.username, 'temporary_password');
  const hash = await hashPassword(temporary);
  const answer = await audited(deps, req, async (trx) => {
    const user = await usersRepo.lockById(trx, deps.dialect, id);
    if (!user) throw errors.not_found(`User ${id} does not exist.`);
    await usersRepo.update(trx, id, { password_hash: hash, must_change_password: 1, updated_at: Date.now() });
    await endSessions(trx, user, 'all');
    return [
      { temporary_password: temporary },
      {
        action: 'user.reset_password',
        resource_type: 'user',
        resource_id: id,
        detail: { username: user.username, generated: given === undefined },
      },
    ];
  });
  announceSessionsEnded(deps, id);
  return answer;
}
