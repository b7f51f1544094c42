import { createHash } from 'node:crypto';
import type { Role } from '../../../store/schema.js';
import type { OidcSettings } from './oidc-settings.js';

export type Claims = Record<string, unknown>;

const RANK: Record<Role, number> = { viewer: 0, admin: 1, superadmin: 2 };

/** The value at a dotted path (`realm_access.roles`), or undefined. */
export function claimAt(claims: Claims, path: string): unknown {
  let at: unknown = claims;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * The role the role claim grants: the claim may be one value or a list (groups); every value is
 * looked up in OIDC_ROLE_MAP and the highest role found wins. null: nothing maps.
 */
export function mappedRole(settings: OidcSettings, claims: Claims): Role | null {
  const raw = claimAt(claims, settings.roleClaim);
  const values = (Array.isArray(raw) ? raw : [raw])
    .filter((v) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(String);
  let best: Role | null = null;
  for (const [value, role] of settings.roleMap) {
    if (values.includes(value) && (best === null || RANK[role] > RANK[best])) best = role;
  }
  return best;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The username a new OIDC user gets: their preferred username, else e-mail, else subject, made valid. */
export function usernameFrom(claims: Claims): string {
  const base = text(claims.preferred_username) ?? text(claims.email) ?? String(claims.sub);
  return base.replace(/[^A-Za-z0-9._@-]+/g, '-').slice(0, 90) || 'user';
}

/** A second choice when the first is taken by someone else: the same name and a mark of the identity. */
export function disambiguated(username: string, issuer: string, subject: string): string {
  return `${username}-${createHash('sha256').update(`${issuer} ${subject}`).digest('hex').slice(0, 6)}`;
}

/** The e-mail to keep: only one the provider has not marked unverified. */
export function emailFrom(claims: Claims): string | null {
  const email = text(claims.email);
  if (!email || claims.email_verified === false || email.length > 254 || !email.includes('@')) return null;
  return email;
}
