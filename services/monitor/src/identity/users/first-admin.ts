import type { Logger } from '@app/kit';
import { usersRepo } from '../../store/repos/users-repo.js';
import { passwordProblems } from '../auth/password-policy.js';
import { randomPassword } from '../auth/passwords.js';
import { createUser, type UsersDeps } from './users-service.js';

/** What the first start uses: the configured admin, the log it prints to, and what creating a user needs. */
export type FirstAdminDeps = UsersDeps & {
  config: { adminUsername: string | undefined; adminPassword: string | undefined };
  log: Pick<Logger, 'info' | 'warn'>;
};

/**
 * With an empty users table, creates the first superadmin: from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * `admin` with a one-time random password printed once and a forced change at first sign-in.
 */
export async function ensureFirstAdmin(deps: FirstAdminDeps): Promise<void> {
  if ((await usersRepo.count(deps.db)) > 0) return;
  try {
    await createFirstAdmin(deps);
  } catch (e) {
    // Instances started together on an empty database all find no user; one wins the unique
    // username and the others, finding the users table no longer empty, carry on without one.
    if ((await usersRepo.count(deps.db)) > 0) return;
    throw e;
  }
}

async function createFirstAdmin(deps: FirstAdminDeps): Promise<void> {
  const { adminUsername, adminPassword } = deps.config;
  if (adminPassword) {
    // Said at start-up rather than as an HTTP problem: nobody could sign in with it anyway.
    const problems = passwordProblems(adminPassword, adminUsername ?? 'admin');
    if (problems.length > 0) {
      throw new Error(`ADMIN_PASSWORD is not accepted: it ${problems.join('; it ')}.`);
    }
    await createUser(deps, null, {
      username: adminUsername ?? 'admin',
      password: adminPassword,
      role: 'superadmin',
    });
    deps.log.info(
      { username: adminUsername ?? 'admin' },
      'created the first superadmin from ADMIN_USERNAME/ADMIN_PASSWORD',
    );
    return;
  }
  const password = randomPassword();
  const username = adminUsername ?? 'admin';
  await createUser(deps, null, { username, password, role: 'superadmin' }, true);
  // Printed once, on purpose: it is the only way in, and it must be changed at first sign-in.
  deps.log.warn(
    { username, password },
    'created the first superadmin with a one-time password: sign in and change it',
  );
}
