import type { Generated } from 'kysely';

/** Tables of on-call schedules, personal contact methods and acknowledgement links (migrations 090–092). */

/**
 * An on-call schedule. `layers` is JSON, lowest layer first:
 * `[{name, members: [user ids], rotation_length, rotation_unit, start, end}]` with start and end
 * local to `time_zone` (`YYYY-MM-DDTHH:MM`).
 */
export interface OncallSchedulesTable {
  id: Generated<number>;
  name: string;
  time_zone: string;
  layers: string;
  created_at: number;
  updated_at: number;
}

/** Someone on call in place of the rotation from starts_at to ends_at (epoch ms). */
export interface OncallOverridesTable {
  id: Generated<number>;
  schedule_id: number;
  user_id: number;
  starts_at: number;
  ends_at: number;
  created_at: number;
}

/** A contact method's pending verification: the hash of the code sent through it. */
export interface ContactVerificationsTable {
  channel_id: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
}

/** A user's quiet hours: local HH:MM start and end in time_zone (may wrap midnight). */
export interface QuietHoursTable {
  user_id: number;
  time_zone: string;
  start_local: string;
  end_local: string;
  min_severity: string;
  updated_at: number;
}

/** A single-use acknowledgement link: the nonce is its identity, used_at marks it spent. */
export interface AckLinksTable {
  nonce: string;
  incident_id: number;
  user_id: number;
  expires_at: number | null;
  used_at: number | null;
  created_at: number;
}
