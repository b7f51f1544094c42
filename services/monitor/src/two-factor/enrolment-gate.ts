import type { AppContext } from '../context.js';
import type { Role } from '../store/schema.js';

/** True when the superadmin's setting requires two-factor sign-in of `role`. */
export async function mfaEnrolmentRequired(ctx: Pick<AppContext, 'settings'>, role: Role): Promise<boolean> {
  return (await ctx.settings.get()).two_factor_required_roles.includes(role);
}
