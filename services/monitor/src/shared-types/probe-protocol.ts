// The probe's wire protocol (issue 13, Authorization: Bearer mon_probe_…), shared by the service's probe
// endpoints and the probe program: no imports here.

/** Probe tokens: this prefix + 32 random bytes (base64url). They open the probe endpoints only. */
export const PROBE_TOKEN_PREFIX = 'mon_probe_';

/**
 * One monitor a probe checks: `version` changes with every edit (its `updated_at`, ms). The
 * check fields are those of the checker (CheckTarget), secrets included, channel data never.
 */
export interface ProbeAssignment {
  id: number;
  version: number;
  check_interval_seconds: number;
  retry_interval_seconds: number;
  retry_count: number;
  paused: boolean;
  /** The checker's input (CheckTarget), secrets resolved. */
  target: Record<string, unknown>;
}

/** GET /api/probe/assignments[?ids=1,2,3] */
export interface ProbeAssignmentsResponse {
  location: { id: string; name: string; heartbeat_seconds: number };
  /** With `ids`: the ones of those still assigned; `removed` lists the rest. */
  monitors: ProbeAssignment[];
  removed: number[];
  /** Server time (ms) when the list was read. */
  server_time: number;
}

/**
 * GET /api/probe/stream (SSE): `event: assignment` with `{id, version}` (version null: removed
 * or no longer assigned) after any change; `event: resync` when the probe must fetch everything.
 */
export interface ProbeAssignmentEvent {
  id: number;
  version: number | null;
}

/** One check a probe made; `checked_at` is the probe's own clock (ms). */
export interface ProbeResult {
  monitor_id: number;
  checked_at: number;
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  /**
   * A journey's record (issue 32: the CheckDetails of docs/browser-checks.md, secrets masked by the
   * probe). Its evidence names are the probe's own and are ignored: the files come in `evidence`.
   */
  details?: ProbeCheckDetails;
  /** A failed browser check's screenshot (PNG) and Playwright trace (zip), base64, each size-capped. */
  evidence?: { screenshot?: string; trace?: string };
}

/** A journey's steps a probe forwards at most (a script's loop can make many more). */
export const MAX_FORWARDED_STEPS = 200;

/** What a probe forwards of a journey check (the shape of CheckDetails, declared here without imports). */
export interface ProbeCheckDetails {
  steps: {
    name: string;
    status: 'up' | 'down' | 'skipped';
    duration_ms: number;
    status_code?: number | null;
    error?: string | null;
  }[];
  final_url?: string | null;
  console_errors?: string[];
  failed_requests?: string[];
  screenshot?: string | null;
  trace?: string | null;
}

/**
 * POST /api/probe/results, JSON, optionally `Content-Encoding: gzip`. `batch_id` is unique per
 * probe (a UUID): a batch sent again is acknowledged and not stored twice. `sent_at` (the probe's
 * clock, ms) gives the skew that corrects `checked_at`.
 */
export interface ProbeResultsBatch {
  batch_id: string;
  sent_at: number;
  results: ProbeResult[];
}

/** The answer to a results batch (200). Rejected results are not stored and must not be resent. */
export interface ProbeResultsResponse {
  batch_id: string;
  duplicate: boolean;
  accepted: number;
  rejected: { index: number; monitor_id: number; reason: string }[];
}

/** POST /api/probe/heartbeat */
export interface ProbeHeartbeat {
  version: string;
  sent_at: number;
  /** Results waiting in the probe's spool (not yet acknowledged). */
  spooled: number;
  /** Results the spool had to drop because it was full, since the probe started. */
  dropped: number;
  /** Check types this probe cannot run (issue 32: `browser` without Chromium); it is assigned none of them. */
  unsupported_types?: string[];
}

export interface ProbeHeartbeatResponse {
  server_time: number;
  skew_ms: number;
  heartbeat_seconds: number;
}
