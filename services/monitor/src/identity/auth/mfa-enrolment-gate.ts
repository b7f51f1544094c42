import type { SettingsStore } from '../../platform/settings/settings-store.js';
import type { Role } from '../../store/schema.js';

/** What the gate reads: the instance settings (cached). */
export interface MfaEnrolmentGateDeps {
  settings: Pick<SettingsStore, 'get'>;
}

/**
 * True when the superadmin's setting requires two-factor sign-in of `role`. Here, with sign-in,
 * because authentication holds a user at the gate; two-factor enrolment asks it too.
 */
export async function mfaEnrolmentRequired(deps: MfaEnrolmentGateDeps, role: Role): Promise<boolean> {
  return (await deps.settings.get()).two_factor_required_roles.includes(role);
}
