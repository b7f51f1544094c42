import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { usersRepo } from '../store/repos/users-repo.js';

/**
 * With PASSWORD_LOGIN=disabled only the break-glass user may sign in with a password, and only
 * while it is a local superadmin: everyone else is told to use single sign-on. Decided from the
 * configured name alone (before any password check), so the answer reveals nothing about who exists.
 */
export async function assertPasswordLoginAllowed(ctx: AppContext, username: string): Promise<void> {
  const { passwordLogin, breakGlassUsername, oidc } = ctx.config;
  if (passwordLogin) return;
  const refused = () =>
    errors.password_login_disabled(
      `Password sign-in is turned off; sign in with ${oidc?.displayName ?? 'single sign-on'}.`,
    );
  if (username !== breakGlassUsername) throw refused();
  const user = await usersRepo.byUsername(ctx.db, username);
  if (user && (user.role !== 'superadmin' || user.account_type !== 'local')) throw refused();
}
