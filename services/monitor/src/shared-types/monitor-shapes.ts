// A monitor as the monitors API answers it (GET /api/monitors, /api/monitors/{id}), the shape the web UI
// reads. The schema is built in the service from the check registry (engine/monitors/monitor-fields.ts,
// api/monitors/schema.ts), which this bottom module cannot import: api/monitors/schema.ts fails to
// compile unless its static types equal these.

import type { MonitorType } from './check-types.js';
import type { MonitorTag } from './group-shapes.js';
import type { CheckDetails, JourneyStep } from './journey-shapes.js';
import type { MonitorLocationState } from './location-shapes.js';

export type { MonitorType };

export type MonitorStatus = 'pending' | 'up' | 'degraded' | 'down' | 'paused' | 'maintenance';

export type MonitorAuth =
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

/** A monitor's portable configuration, every field present (what export and import carry). */
export interface PortableMonitorConfig {
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
  dns_record_type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS';
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
  /** multistep requests or browser actions, in order (issue 32, docs/browser-checks.md). */
  steps: JourneyStep[] | null;
  /** browser: the body of an async function of `page` and `expect`, run instead of steps (admins only). */
  script: string | null;
  /** browser: `WIDTHxHEIGHT` (null: 1280x720). */
  viewport: string | null;
  /** browser: request URL patterns the page may not load (`*` matches anything). */
  blocklist: string[] | null;
  /** Serve the public SVG badges even when the monitor is on no public status page. */
  badge_enabled: boolean;
  /** Conditions (issue 14): slower than this many ms is degraded; upside-down mode; successes to recover. */
  degraded_response_ms: number | null;
  invert: boolean;
  recovery_count: number;
  /** SLA reports (issue 34): the uptime target in percent; null: the `sla_target_percent` setting. */
  sla_target_percent: number | null;
}

/** A monitor as the API answers it. */
export interface Monitor extends PortableMonitorConfig {
  id: number;
  // How it alerts and what it depends on.
  channel_ids: number[];
  reminder_interval_minutes: number | null;
  /** Escalation policy of the monitor's incidents; null: its group's (issue 14). */
  escalation_policy_id: number | null;
  /** Monitors this one depends on: while one is down, this one is down with reason dependency_down. */
  depends_on: number[];
  tls_alert_days: number;
  /** `dependency_down`: down because a monitor it depends on is down (no alert of its own). */
  status_reason: 'dependency_down' | null;
  /** Groups and tags (issue 14). */
  group_id: number | null;
  tags: MonitorTag[];
  /** Where it is checked from (issue 13; default `["local"]`) and how many must see a failure (null: a majority). */
  location_ids: string[];
  quorum: number | null;
  /** Each location's own verdict (one entry for `local` on a local-only monitor). */
  locations: MonitorLocationState[];
  // Its state.
  current_status: MonitorStatus;
  last_checked_at: string | null;
  last_response_time_ms: number | null;
  last_status_code: number | null;
  consecutive_failures: number;
  /** Days left on the certificate at the latest check that read one (tls and https monitors). */
  tls_days_left: number | null;
  heartbeat_token: string | null;
  /** The key of the config file entry it was applied from (docs/config-as-code.md); null: not from a file. */
  config_key: string | null;
  created_at: string;
  updated_at: string;
}

/** What the service sets; the rest is what a monitor's form writes. */
type ServerSet =
  | 'id'
  | 'status_reason'
  | 'group_id'
  | 'tags'
  | 'locations'
  | 'current_status'
  | 'last_checked_at'
  | 'last_response_time_ms'
  | 'last_status_code'
  | 'consecutive_failures'
  | 'tls_days_left'
  | 'heartbeat_token'
  | 'config_key'
  | 'created_at'
  | 'updated_at';
type Optional =
  | 'channel_ids'
  | 'reminder_interval_minutes'
  | 'escalation_policy_id'
  | 'depends_on'
  | 'tls_alert_days'
  | 'location_ids'
  | 'quorum';

/** What a monitor's form writes (the bodies of POST, PUT and PATCH /api/monitors take any part of it). */
export type MonitorConfig = Omit<Monitor, ServerSet | Optional> & Partial<Pick<Monitor, Optional>>;

/** What `POST /api/monitors/test` found: one check of the form's configuration, not stored. */
export interface TestOutcome {
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  warning: string | null;
  tls_days_left: number | null;
  /** multistep and browser checks: each step's outcome (issue 32). */
  details?: CheckDetails | null;
}
