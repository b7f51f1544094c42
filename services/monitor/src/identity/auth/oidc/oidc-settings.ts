import type { Role } from '../../../store/schema.js';

/** One claim value and the role it grants, in the order OIDC_ROLE_MAP lists them. */
export type RoleMapping = readonly [claimValue: string, role: Role];

/** The single sign-on settings, present only when OIDC_ISSUER is set (see docs/configuration.md). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the role claim sits; dots walk into nested objects (`realm_access.roles`). */
  roleClaim: string;
  roleMap: readonly RoleMapping[];
  allowSignup: boolean;
  /** The provider's name on the "Sign in with …" button. */
  displayName: string;
  scopes: string;
  /** PUBLIC_URL + /api/auth/oidc/callback: registered at the provider as the redirect URI. */
  redirectUri: string;
}

const ROLES: readonly Role[] = ['superadmin', 'admin', 'viewer'];
const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r);

/**
 * OIDC_ROLE_MAP: `value:role` pairs separated by commas, e.g. `monitor-admins:admin,ops:viewer`.
 * The role is after the last colon, so claim values may hold colons (URNs); whitespace around
 * parts is ignored. Returns the pairs, or what is wrong with the text.
 */
export function parseRoleMap(raw: string): RoleMapping[] | string {
  const out: RoleMapping[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    const colon = text.lastIndexOf(':');
    const value = text.slice(0, colon).trim();
    const role = text.slice(colon + 1).trim();
    if (colon <= 0 || value === '') return `must be value:role pairs separated by commas, got "${text}"`;
    if (!isRole(role)) return `maps "${value}" to "${role}", which is not one of ${ROLES.join(', ')}`;
    if (out.some(([v]) => v === value)) return `lists "${value}" twice`;
    out.push([value, role]);
  }
  return out;
}

/** true when `url` is https, or http on a loopback address (a provider on the same machine, tests). */
export function isSafeIssuer(url: string): boolean {
  const u = new URL(url);
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(u.hostname);
}
