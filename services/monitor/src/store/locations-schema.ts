import type { Generated } from 'kysely';

/** Tables of check locations and probes (migration 063); times are epoch milliseconds. */

export type LocationStatus = 'online' | 'offline';

/** A place checks run from: `local` (built in) or a probe. */
export interface LocationsTable {
  /** `local`, or a slug `[a-z0-9][a-z0-9-]{0,31}`. */
  id: string;
  name: string;
  region: string | null;
  is_local: number;
  /** `mon_probe_` plus the first 8 characters of the secret, for lookup; null for `local`. */
  token_prefix: string | null;
  /** SHA-256 hex of the whole token; null for `local`. */
  token_hash: string | null;
  status: LocationStatus;
  last_seen_at: number | null;
  version: string | null;
  /** The probe's clock minus the central instance's, as seen in its last post (ms). */
  skew_ms: number | null;
  /** How often the probe sends its heartbeat; offline after 3 × this (at least 30 s) of silence. */
  heartbeat_seconds: number;
  /** Check types the probe cannot run, JSON list from its heartbeat (migration 081); null: none. */
  unsupported_types?: string | null;
  created_at: number;
  updated_at: number;
  /** 1: a config file declared it (its key is its id; migration 101). */
  managed: Generated<number>;
}

/** One location of a monitor that does not run from `local` alone, with that location's state. */
export interface MonitorLocationsTable {
  monitor_id: number;
  location_id: string;
  status: Generated<string>;
  failures: Generated<number>;
  successes: Generated<number>;
  last_checked_at: number | null;
  last_response_time_ms: number | null;
  last_error: string | null;
}

/** A results batch already taken from a probe (idempotent replays). */
export interface ProbeBatchesTable {
  location_id: string;
  batch_id: string;
  received_at: number;
}

/** A probe's result waiting for its monitor's engine; `checked_at` is already skew-corrected. */
export interface ProbeInboxTable {
  id: Generated<number>;
  location_id: string;
  monitor_id: number;
  checked_at: number;
  status: number;
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  received_at: number;
  /** A journey's CheckDetails as JSON (issue 32), evidence names the central instance's own. */
  details?: string | null;
}
