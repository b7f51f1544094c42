import type { LocationRow } from '../../store/repos/locations-repo.js';
import type { Role } from '../../store/schema.js';

type PrincipalUser = {
  id: number;
  username: string;
  role: Role;
  must_change_password: number;
  two_factor_enabled_at?: number | null;
};

/** Who is making a request, resolved from a JWT or an API key. */
export interface Principal {
  kind: 'user' | 'api_key';
  userId: number;
  username: string;
  role: Role;
  mustChangePassword: boolean;
  /** The user has TOTP two-factor sign-in on (for the required-role gate). */
  twoFactorEnabled: boolean;
  apiKeyId: number | null;
  apiKeyName: string | null;
  /** The session (refresh-token family) of the access token; null for API keys and stream tickets. */
  sessionId: string | null;
}

/** A signed-in person, from their user row (and the session of their access token, when known). */
export function userPrincipal(user: PrincipalUser, sessionId: string | null = null): Principal {
  return {
    kind: 'user',
    userId: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.must_change_password === 1,
    twoFactorEnabled: user.two_factor_enabled_at !== null && user.two_factor_enabled_at !== undefined,
    apiKeyId: null,
    apiKeyName: null,
    sessionId,
  };
}

/** An API key acting for its owner (never held up by a pending password change). */
export function keyPrincipal(user: PrincipalUser, key: { id: number; name: string }): Principal {
  return {
    ...userPrincipal(user),
    kind: 'api_key',
    mustChangePassword: false,
    apiKeyId: key.id,
    apiKeyName: key.name,
  };
}

/** What a route demands of its caller; declared in the route's `config.auth`. */
export interface AuthRule {
  /**
   * Lowest role allowed, `public` for routes without credentials, or `probe` for the probe
   * endpoints: only a location's `mon_probe_` token opens those, and it opens nothing else.
   */
  role: Role | 'public' | 'probe';
  /** Refuse API keys (403): actions that mint credentials need a signed-in person. */
  jwtOnly?: boolean;
  /** Reachable while a password change is pending (the forced first-login change). */
  duringPasswordChange?: boolean;
  /** Reachable while a required two-factor enrolment is pending (see auth/mfa-enrolment-gate). */
  duringMfaEnrolment?: boolean;
}

const RANK: Record<Role, number> = { viewer: 0, admin: 1, superadmin: 2 };

/** True when `role` is at least `needed`. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The location whose probe token authenticated a `probe` route; null elsewhere. */
    probeLocation: LocationRow | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
}
