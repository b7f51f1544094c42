import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { OidcSettings } from './oidc/oidc-settings.js';

/** What the gate reads: the sign-in configuration and the break-glass user's row. */
export interface PasswordLoginGateDeps {
  db: Kysely<MonitorDB>;
  config: {
    passwordLogin: boolean;
    breakGlassUsername: string | undefined;
    oidc: Pick<OidcSettings, 'displayName'> | null;
  };
}

/**
 * With PASSWORD_LOGIN=disabled only the break-glass user may sign in with a password, and only
 * while it is a local superadmin: everyone else is told to use single sign-on. Decided from the
 * configured name alone (before any password check), so the answer reveals nothing about who exists.
 */
export async function assertPasswordLoginAllowed(
  deps: PasswordLoginGateDeps,
  username: string,
): Promise<void> {
  const { passwordLogin, breakGlassUsername, oidc } = deps.config;
  if (passwordLogin) return;
  const refused = () =>
    errors.password_login_disabled(
      `Password sign-in is turned off; sign in with ${oidc?.displayName ?? 'single sign-on'}.`,
    );
  if (username !== breakGlassUsername) throw refused();
  const user = await usersRepo.byUsername(deps.db, username);
  if (user && (user.role !== 'superadmin' || user.account_type !== 'local')) throw refused();
}
