// Shapes of the monitor service's public API (docs/monitor-api.md, monitor-contract.md).
import type { MonitorTag } from '../groups/group-types.js';
import type { MonitorLocationState } from '../locations/location-types.js';

export type Role = 'superadmin' | 'admin' | 'viewer';

export interface Me {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  must_change_password: boolean;
  auth_method: 'jwt' | 'api_key';
  /** How the user signs in: a password, or single sign-on (no usable password). */
  account_type: 'local' | 'oidc';
  two_factor_enabled: boolean;
  /** The role requires two-factor sign-in and it is not on: only enrolment is open. */
  mfa_enrolment_required: boolean;
}

/** The password step's answer for a user with two-factor sign-in on. */
export interface MfaRequired {
  mfa_required: true;
  mfa_token: string;
}

/** The second sign-in step's factor: a current code or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  pending: boolean;
  recovery_codes_left: number;
  required: boolean;
}

export interface TwoFactorEnrolment {
  secret: string;
  otpauth_url: string;
  /** data:image/svg+xml URL of the QR code. */
  qr_code: string;
}

export interface TokenPair {
  access_token: string;
  /** Only for API clients; the dashboard signs in with `refresh_transport: 'cookie'` and never sees it. */
  refresh_token?: string;
  token_type: 'bearer';
  expires_in: number;
}

export type MonitorType =
  | 'http_get'
  | 'http_post'
  | 'http_head'
  | 'tcp'
  | 'dns'
  | 'tls'
  | 'ping'
  | 'heartbeat'
  | 'postgres'
  | 'mysql'
  | 'redis'
  | 'smtp'
  | 'websocket'
  | 'grpc'
  | 'mqtt'
  | 'amqp';
export type MonitorStatus = 'pending' | 'up' | 'degraded' | 'down' | 'paused' | 'maintenance';

export type MonitorAuth =
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

/** The portable configuration of a monitor. */
export interface MonitorConfig {
  name: string;
  monitor_type: MonitorType;
  url: string | null;
  check_interval_seconds: number;
  timeout_seconds: number;
  retry_count: number;
  retry_interval_seconds: number;
  expected_status_codes: string;
  headers: Record<string, string> | null;
  body: string | null;
  auth: MonitorAuth | null;
  max_redirects: number;
  ignore_tls_errors: boolean;
  keyword: string | null;
  json_path: string | null;
  json_expected: string | null;
  dns_record_type: string;
  dns_expected: string | null;
  dns_resolver: string | null;
  tls_warn_days: number;
  heartbeat_grace_seconds: number;
  /** postgres/mysql: SQL to run (default SELECT 1); redis: a key to read. */
  query: string | null;
  /** The first column of the first row (postgres/mysql), the key's value (redis), the reply (websocket). */
  expected_value: string | null;
  /** websocket: a text message to send once open. */
  message: string | null;
  /** mqtt topic or amqp queue to publish to and read back from. */
  topic: string | null;
  /** grpc: the service whose health is asked (empty: the whole server). */
  service_name: string | null;
  /** smtp://: issue STARTTLS after EHLO and read the certificate. */
  starttls: boolean;
  /** websocket: the close code the server must send. */
  expected_close_code: number | null;
  /** Serve the public SVG badges even when the monitor is on no public status page. */
  badge_enabled: boolean;
  channel_ids?: number[];
  /** Conditions (issue 14): slower than this many ms is degraded; upside-down mode; successes to recover. */
  degraded_response_ms?: number | null;
  invert?: boolean;
  recovery_count?: number;
  /** Monitors this one depends on: while one is down, this one is down with reason dependency_down. */
  depends_on?: number[];
  /** Escalation policy of the monitor's incidents; null: its group's (issue 14). */
  escalation_policy_id?: number | null;
  /** Where it is checked from (issue 13; default `["local"]`) and how many must see a failure (null: a majority). */
  location_ids?: string[];
  quorum?: number | null;
}

export interface Monitor extends MonitorConfig {
  id: number;
  /** Groups and tags (issue 14); a service from before them leaves both out. */
  group_id?: number | null;
  tags?: MonitorTag[];
  current_status: MonitorStatus;
  last_checked_at: string | null;
  last_response_time_ms: number | null;
  last_status_code: number | null;
  consecutive_failures: number;
  /** `dependency_down`: down because a monitor it depends on is down (no alert of its own). */
  status_reason?: 'dependency_down' | null;
  /** Days left on the certificate at the latest check that read one (tls and https monitors). */
  tls_days_left: number | null;
  heartbeat_token: string | null;
  /** Each location's own verdict (one entry for `local` on a local-only monitor). */
  locations?: MonitorLocationState[];
  created_at: string;
  updated_at: string;
}

/** What `POST /api/monitors/test` found: one check of the form's configuration, not stored. */
export interface TestOutcome {
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  warning: string | null;
  tls_days_left: number | null;
}

export interface CheckResult {
  id: number;
  monitor_id: number;
  checked_at: string;
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  /** Where the check ran (`local` for the central instance). */
  location_id?: string;
}

export type IncidentStatus = 'open' | 'acknowledged' | 'resolved';

export interface Incident {
  id: number;
  monitor_id: number;
  status: IncidentStatus;
  started_at: string;
  resolved_at: string | null;
  duration_seconds: number | null;
  root_cause: string | null;
  acknowledged_by: string | number | null;
  acknowledged_at: string | null;
  /** Who resolved it by hand; null when a check resolved it. */
  resolved_by?: string | null;
  postmortem?: string | null;
  /** Ids of the locations that saw it down (issue 13; `[]` for local-only monitors). */
  locations?: string[];
  /** `minor`: opened by a degraded monitor (issue 14); `major`: down. */
  severity?: 'major' | 'minor';
}

export type IncidentUpdateStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';

export interface IncidentUpdate {
  id: number;
  status: IncidentUpdateStatus;
  message: string;
  author: { id: number; username: string } | null;
  author_name: string | null;
  created_at: string;
}

export interface IncidentDetail extends Incident {
  /** Dependants that went down with this incident's monitor (no alerts of their own). */
  affected?: { id: number; name: string }[];
  updates: IncidentUpdate[];
}

export interface StatusSubscriber {
  id: number;
  /** null unless the viewer is an admin. */
  email: string | null;
  status: 'pending' | 'confirmed';
  created_at: string;
  confirmed_at: string | null;
}

export interface Channel {
  id: number;
  name: string;
  type: string;
  config: Record<string, unknown>;
  is_enabled: boolean;
  /** A monitor created without a channel choice gets this channel. */
  default_for_new_monitors?: boolean;
}

export interface Maintenance {
  id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  monitor_ids: number[];
  recurrence: { cron: string; duration_minutes: number } | null;
  timezone: string;
}

export interface User {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  must_change_password: boolean;
  two_factor_enabled: boolean;
  /** How the user signs in: a password, or single sign-on (no usable password). */
  account_type: 'local' | 'oidc';
  created_at: string;
  updated_at: string;
}

/** One sign-in of the current user (GET /api/auth/sessions). */
export interface Session {
  id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  ip: string | null;
  auth_method: 'password' | 'two_factor' | 'oidc';
  current: boolean;
}

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  user_id: number;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor_type: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  ip: string | null;
  detail: unknown;
}

/** One event of `/api/sse/dashboard`. */
export interface CheckResultEvent {
  monitor_id: number;
  result_id: number;
  status: 'up' | 'down';
  prev_status?: string | null;
  /** The monitor's status after this result (servers before 2026-11-23 leave it out). */
  monitor_status?: MonitorStatus;
  /** Why the monitor reads its status (`dependency_down`), null when its own checks decided. */
  status_reason?: 'dependency_down' | null;
  response_time_ms: number | null;
  status_code: number | null;
  checked_at: string;
  /** Only on results that read a certificate; absent means the monitor's days are unchanged. */
  tls_days_left?: number;
  /** Where the check ran; `locations`: every location's state, for multi-location monitors only. */
  location_id?: string;
  locations?: MonitorLocationState[];
}

/** One window of `GET /api/monitors/{id}/uptime`. */
export interface UptimeWindow {
  checks: number;
  up_checks: number;
  uptime_percent: number | null;
  avg_response_time_ms: number | null;
  p95_response_time_ms: number | null;
}

export interface UptimeFigures {
  monitor_id: number;
  '24h': UptimeWindow;
  '7d': UptimeWindow;
  '30d': UptimeWindow;
  '365d': UptimeWindow;
}

/** One bucket of `GET /api/monitors/{id}/rollups`. */
export interface RollupBucket {
  at: string;
  checks: number;
  up_checks: number;
  avg_response_time_ms: number | null;
  p95_response_time_ms: number | null;
}

export type UptimeDays = 30 | 60 | 90 | 365;

/** A section of a status page: its monitors in display order. */
export interface StatusPageSection {
  name: string;
  monitor_ids: number[];
}

/** What an admin writes to create or replace a status page. */
export interface StatusPageInput {
  slug: string;
  title: string;
  description: string | null;
  footer: string | null;
  sections: StatusPageSection[];
  uptime_days: UptimeDays;
  is_public: boolean;
}

/** A status page as the admin API returns it; `url` is the public page's path. */
export interface StatusPage extends StatusPageInput {
  id: number;
  url: string;
  created_at: string;
  updated_at: string;
}

export * from './escalation-types.js';
