import { passwordProblems } from '../auth/password-policy.js';
import { randomPassword } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import { usersRepo } from '../store/repos/users-repo.js';
import { createUser } from './users-service.js';

/**
 * With an empty users table, creates the first superadmin: from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * `admin` with a one-time random password printed once and a forced change at first sign-in.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<void> {
  if ((await usersRepo.count(ctx.db)) > 0) return;
  try {
    await createFirstAdmin(ctx);
  } catch (e) {
    // Instances started together on an empty database all find no user; one wins the unique
    // username and the others, finding the users table no longer empty, carry on without one.
    if ((await usersRepo.count(ctx.db)) > 0) return;
    throw e;
  }
}

async function createFirstAdmin(ctx: AppContext): Promise<void> {
  const { adminUsername, adminPassword } = ctx.config;
  if (adminPassword) {
    // Said at start-up rather than as an HTTP problem: nobody could sign in with it anyway.
    const problems = passwordProblems(adminPassword, adminUsername ?? 'admin');
    if (problems.length > 0) {
      throw new Error(`ADMIN_PASSWORD is not accepted: it ${problems.join('; it ')}.`);
    }
    await createUser(ctx, null, {
      username: adminUsername ?? 'admin',
      password: adminPassword,
      role: 'superadmin',
    });
    ctx.log.info(
      { username: adminUsername ?? 'admin' },
      'created the first superadmin from ADMIN_USERNAME/ADMIN_PASSWORD',
    );
    return;
  }
  const password = randomPassword();
  const username = adminUsername ?? 'admin';
  await createUser(ctx, null, { username, password, role: 'superadmin' }, true);
  // Printed once, on purpose: it is the only way in, and it must be changed at first sign-in.
  ctx.log.warn(
    { username, password },
    'created the first superadmin with a one-time password: sign in and change it',
  );
}
