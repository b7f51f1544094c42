import type { Generated } from 'kysely';

// The tables of people and their ways in: users, sessions, two-factor, single sign-on, API keys,
// audit and throttles. Part of MonitorDB (schema.ts), kept apart so each file holds one concern.
/** Times are epoch milliseconds; flags are 0/1. See @app/kit columnTypes. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  role: Role;
  must_change_password: number;
  created_at: number;
  updated_at: number;
  /** Bumped to end every access token issued before (see 031-token-generation). */
  token_generation: Generated<number>;
  /** How the user signs in (see 053-oidc); oidc users have a random, never-revealed password hash. */
  account_type: Generated<AccountType>;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  /** When TOTP two-factor sign-in was confirmed; null = off (see 051-two-factor). */
  two_factor_enabled_at: number | null;
}

export type AccountType = 'local' | 'oidc';

/** A sign-in sent to the OIDC provider and not yet back: single use, 10 minutes (053-oidc). */
export interface OidcLoginsTable {
  /** sha256 of the state sent to the provider (the browser holds the state itself in a cookie). */
  state_hash: string;
  nonce: string;
  /** The PKCE verifier, encrypted with the instance key. */
  code_verifier: string;
  created_at: number;
  expires_at: number;
}

/** A user's TOTP seeds, encrypted with the service key; never leave the service. */
export interface TwoFactorSecretsTable {
  user_id: number;
  secret: string | null;
  pending_secret: string | null;
  pending_created_at: number | null;
  last_time_step: number | null;
}

/** One single-use recovery code (SHA-256 only). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** The ticket between a correct password and the second factor (SHA-256 only; single use). */
export interface MfaChallengesTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export type Role = 'superadmin' | 'admin' | 'viewer';

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

/** How a session was opened: a password alone, a password and a second factor, or single sign-on. */
export type SessionMethod = 'password' | 'two_factor' | 'oidc';

/** One sign-in (a refresh-token family; `id` is its family id), see 052-sessions. */
export interface SessionsTable {
  id: string;
  user_id: number;
  auth_method: SessionMethod;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_type: 'user' | 'api_key' | 'system' | 'anonymous';
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  ip: string | null;
  detail: string | null;
}

/** A single-use live-stream ticket: only its hash is kept; api_key_id is set when a key asked for it. */
export interface StreamTicketsTable {
  ticket_hash: string;
  user_id: number;
  api_key_id: number | null;
  /** The session the ticket was issued in; null for an API key's (migration 064). */
  session_id: string | null;
  expires_at: number;
}

export interface LoginThrottleTable {
  key: string;
  /** Attempts counted in the window (spent before the check, refunded when it succeeds). */
  failures: number;
  window_started_at: number;
}
