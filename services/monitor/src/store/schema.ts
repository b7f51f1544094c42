import type { Generated, Kysely, Transaction } from 'kysely';

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

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
}

export interface MonitorDB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
}

/** A connection or a transaction: repositories accept either so callers choose the boundary. */
export type Db = Kysely<MonitorDB> | Transaction<MonitorDB>;
