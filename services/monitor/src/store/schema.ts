import type { Generated, Kysely, Transaction } from 'kysely';
import type {
  IncidentAffectedTable,
  IncidentSeverity,
  MonitorDependenciesTable,
  StatusReason,
} from './conditions-schema.js';
import type * as Escalation from './escalation-schema.js';
import type { MonitorGroupsTable, MonitorTagsTable, TagsTable } from './groups-schema.js';
import type {
  ApiKeysTable,
  AuditLogTable,
  LoginThrottleTable,
  MfaChallengesTable,
  OidcLoginsTable,
  RecoveryCodesTable,
  RefreshTokensTable,
  SessionsTable,
  StreamTicketsTable,
  TwoFactorSecretsTable,
  UsersTable,
} from './identity-schema.js';
import type {
  LocationsTable,
  MonitorLocationsTable,
  ProbeBatchesTable,
  ProbeInboxTable,
} from './locations-schema.js';
import type * as OnCall from './on-call-schema.js';
import type { ReportSchedulesTable, ReportSendsTable, ShareLinksTable } from './reports-schema.js';
import type {
  IncidentUpdatesTable,
  StatusPageMonitorsTable,
  StatusPageSectionsTable,
  StatusPagesTable,
  StatusSubscribersTable,
} from './status-pages-schema.js';

export * from './conditions-schema.js';
export * from './escalation-schema.js';
export * from './groups-schema.js';
export * from './identity-schema.js';
export * from './locations-schema.js';
export * from './reports-schema.js';
export * from './status-pages-schema.js';

/** Times are epoch milliseconds; flags are 0/1. See @app/kit columnTypes. */
export interface MonitorDB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  monitors: MonitorsTable;
  check_results: CheckResultsTable;
  scheduler_leases: SchedulerLeasesTable;
  scheduler_instances: SchedulerInstancesTable;
  notification_channels: NotificationChannelsTable;
  notification_outbox: NotificationOutboxTable;
  notification_deliveries: NotificationDeliveriesTable;
  maintenance_windows: MaintenanceWindowsTable;
  settings: SettingsTable;
  incidents: IncidentsTable;
  monitor_channels: MonitorChannelsTable;
  check_rollups: CheckRollupsTable;
  job_state: JobStateTable;
  stream_tickets: StreamTicketsTable;
  status_pages: StatusPagesTable;
  status_page_sections: StatusPageSectionsTable;
  status_page_monitors: StatusPageMonitorsTable;
  incident_updates: IncidentUpdatesTable;
  status_subscribers: StatusSubscribersTable;
  oidc_logins: OidcLoginsTable;
  two_factor_secrets: TwoFactorSecretsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  monitor_groups: MonitorGroupsTable;
  tags: TagsTable;
  monitor_tags: MonitorTagsTable;
  monitor_dependencies: MonitorDependenciesTable;
  incident_affected: IncidentAffectedTable;
  escalation_policies: Escalation.EscalationPoliciesTable;
  incident_notes: Escalation.IncidentNotesTable;
  message_templates: Escalation.MessageTemplatesTable;
  incident_notified_channels: Escalation.IncidentNotifiedChannelsTable;
  locations: LocationsTable;
  monitor_locations: MonitorLocationsTable;
  probe_batches: ProbeBatchesTable;
  probe_inbox: ProbeInboxTable;
  report_schedules: ReportSchedulesTable;
  report_sends: ReportSendsTable;
  share_links: ShareLinksTable;
  oncall_schedules: OnCall.OncallSchedulesTable;
  oncall_overrides: OnCall.OncallOverridesTable;
  contact_verifications: OnCall.ContactVerificationsTable;
  ack_links: OnCall.AckLinksTable;
  quiet_hours: OnCall.QuietHoursTable;
}

/** `degraded`: up but slower than the monitor's `degraded_response_ms` (issue 14). */
export type MonitorStatus = 'pending' | 'up' | 'degraded' | 'down' | 'paused' | 'maintenance';

/** A monitor's configuration (JSON fields as text) and its runtime state, kept current by the engine. */
export interface MonitorsTable {
  id: Generated<number>;
  name: string;
  monitor_type: string;
  url: string | null;
  check_interval_seconds: number;
  timeout_seconds: number;
  retry_count: number;
  retry_interval_seconds: number;
  expected_status_codes: string;
  headers: string | null;
  body: string | null;
  auth: string | null;
  max_redirects: number;
  ignore_tls_errors: number;
  keyword: string | null;
  json_path: string | null;
  json_expected: string | null;
  dns_record_type: string;
  dns_expected: string | null;
  dns_resolver: string | null;
  tls_warn_days: number;
  heartbeat_grace_seconds: number;
  heartbeat_token: string | null;
  paused: number;
  current_status: MonitorStatus;
  last_checked_at: number | null;
  last_response_time_ms: number | null;
  last_status_code: number | null;
  consecutive_failures: number;
  last_ping_at: number | null;
  /** Set by check-now so an engine on another instance sees the request when it polls. */
  check_requested_at: number | null;
  created_at: number;
  /** Changes on configuration changes only (not on every check): engines poll it. */
  updated_at: number;
  /** Repeat the down alert this often while an incident stays unresolved; null = never. */
  reminder_interval_minutes: number | null;
  /** The lowest certificate-expiry threshold already alerted for the current certificate. */
  tls_warned_threshold: number | null;
  /**
   * The monitor's credentials (URL password, credential headers, auth password or token) as one
   * encrypted JSON text; the configuration columns hold the mask in their place. Null: none.
   */
  secrets: string | null;
  /** 1: badges are served for this monitor even when it is on no public status page. */
  badge_enabled: Generated<number>;
  /** Days left on the certificate at the latest check that read one (null: none read yet). */
  last_tls_days_left: Generated<number | null>;
  /** Service checks (issue 15): see CheckTarget in checks/types.ts for what each means per type. */
  query: Generated<string | null>;
  expected_value: Generated<string | null>;
  message: Generated<string | null>;
  topic: Generated<string | null>;
  service_name: Generated<string | null>;
  /** 1: an smtp:// monitor issues STARTTLS after EHLO. */
  starttls: Generated<number>;
  expected_close_code: Generated<number | null>;
  /** Journeys (issue 32, migration 080): steps as JSON, a browser script, viewport, blocklist as JSON. */
  steps: Generated<string | null>;
  script: Generated<string | null>;
  viewport: Generated<string | null>;
  blocklist: Generated<string | null>;
  /** Issue 14: the monitor's group, and the escalation policy its incidents follow (else its group's). */
  group_id: Generated<number | null>;
  escalation_policy_id: Generated<number | null>;
  /** Issue 14 conditions (migration 061): the parents as JSON (copy of monitor_dependencies), etc. */
  depends_on: Generated<string | null>;
  degraded_response_ms: Generated<number | null>;
  invert: Generated<number>;
  recovery_count: Generated<number>;
  consecutive_successes: Generated<number>;
  status_reason: Generated<StatusReason | null>;
  /** JSON array of location ids (migration 063); null: `["local"]`. Written with monitor_locations. */
  location_ids: Generated<string | null>;
  /** Locations that must see a failure for the monitor to be down; null: a majority of the online ones. */
  quorum: Generated<number | null>;
  /** The monitor's SLA target in percent (migration 100); null: the `sla_target_percent` setting. */
  sla_target_percent: Generated<number | null>;
  /** The key of the config file entry it was applied from (migration 070, docs/config-as-code.md). */
  config_key: string | null;
  /** 1: created or last written by a config apply; only such objects are pruned. */
  managed: Generated<number>;
}

/** One row per check, kept small: status is 1 (up) or 0 (down). */
export interface CheckResultsTable {
  id: Generated<number>;
  monitor_id: number;
  checked_at: number;
  status: number;
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  /** Where the check ran (migration 063); null: `local`. */
  location_id?: string | null;
  /** What a multistep or browser check recorded, as JSON (migration 080; CheckDetails); null: nothing. */
  details?: string | null;
}

/** Which engine instance schedules the monitors of a shard (monitor id % shard count), until when. */
export interface SchedulerLeasesTable {
  shard: number;
  owner: string | null;
  lease_until: number;
}

/** Live engine instances, so each can take a fair share of the shards. */
export interface SchedulerInstancesTable {
  owner: string;
  alive_until: number;
}

/** A notification channel; `config` is JSON whose secret fields hold ciphertext. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  name: string;
  type: string;
  config: string;
  is_enabled: number;
  created_at: number;
  updated_at: number;
  /** 1: a monitor created without channel_ids gets this channel (migration 062). */
  default_for_new_monitors: Generated<number>;
  config_key: string | null;
  managed: Generated<number>;
  /** A personal contact method's owner (migration 091); null for a team channel. */
  owner_user_id: Generated<number | null>;
  /** When a personal contact method's code came back; null until then. */
  verified_at: Generated<number | null>;
  /** At most this many messages a minute, the rest summarised (migration 093); null: no limit. */
  flood_limit: Generated<number | null>;
}

/** `summarised`: held by the channel's flood guard and counted in a summary message instead. */
export type OutboxStatus = 'pending' | 'delivered' | 'failed' | 'summarised';

/** A notification waiting for, or done with, delivery; claimed by lease (lease_owner, lease_until). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  channel_id: number;
  event: string;
  payload: string;
  dedup_key: string;
  status: OutboxStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** One delivery attempt of an outbox row. */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  channel_id: number;
  event: string;
  attempt: number;
  status: 'delivered' | 'failed';
  will_retry: number;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  at: number;
}

/** A one-off (cron null) or recurring maintenance window; monitor_ids is a JSON array, empty = all. */
export interface MaintenanceWindowsTable {
  id: Generated<number>;
  name: string;
  starts_at: number;
  ends_at: number | null;
  monitor_ids: string;
  cron: string | null;
  duration_minutes: number | null;
  timezone: string;
  is_active: number;
  created_at: number;
  updated_at: number;
  /** The config file key (migration 101); null unless a file wrote it. */
  config_key: Generated<string | null>;
  managed: Generated<number>;
}

/** One setting per row; value is JSON (ciphertext for secrets). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** A connection or a transaction: repositories accept either so callers choose the boundary. */
export type Db = Kysely<MonitorDB> | Transaction<MonitorDB>;

export type IncidentStatus = 'open' | 'acknowledged' | 'resolved';

export interface IncidentsTable {
  id: Generated<number>;
  monitor_id: number;
  status: IncidentStatus;
  started_at: number;
  resolved_at: number | null;
  root_cause: string | null;
  acknowledged_by: number | null;
  acknowledged_by_name: string | null;
  acknowledged_at: number | null;
  /** When the last down alert (first or reminder) was queued. */
  last_alert_at: number | null;
  reminders_sent: number;
  /** Written by an admin after the fact; shown on status pages. */
  postmortem: string | null;
  /** Set when an admin resolved the incident by hand (null: resolved by a successful check). */
  resolved_by: number | null;
  resolved_by_name: string | null;
  /** `minor`: opened for a degraded monitor; becomes `major` once it is down. */
  severity: Generated<IncidentSeverity>;
  /** Escalation steps already sent for this incident (migration 062). */
  escalations_sent: Generated<number>;
  /** JSON array of the location ids that saw the monitor down (migration 063); null: local only. */
  locations: Generated<string | null>;
}

export interface MonitorChannelsTable {
  monitor_id: number;
  channel_id: number;
}

export type RollupPeriod = 'hour' | 'day';

export interface CheckRollupsTable {
  monitor_id: number;
  period: RollupPeriod;
  bucket_start: number;
  checks: number;
  up_checks: number;
  /** Checks that measured a response time (a timeout has none). */
  latency_count: number;
  latency_avg: number | null;
  /** Nearest-rank 95th percentile of the bucket's response times. */
  latency_p95: number | null;
  /** Up checks slower than the monitor's `degraded_response_ms` (migration 100). */
  degraded_checks?: Generated<number>;
  /** Nearest-rank 50th and 99th percentiles (migration 100; null in buckets rolled up before). */
  latency_p50?: number | null;
  latency_p99?: number | null;
}

export interface JobStateTable {
  name: string;
  /** Everything before this time (epoch ms) is done. */
  done_until: number;
}
