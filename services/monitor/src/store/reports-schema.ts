import type { Generated } from 'kysely';

/** Tables of SLA reports (migration 100); times are epoch milliseconds. */

/** A report mailed every week or month; `scope` is JSON (ReportScope), `recipients` a JSON array. */
export interface ReportSchedulesTable {
  id: Generated<number>;
  name: string;
  scope: string;
  cadence: 'weekly' | 'monthly';
  timezone: string;
  /** The e-mail channel whose SMTP server sends it. */
  channel_id: number;
  recipients: string;
  sla_target_percent: number | null;
  is_active: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One period of a schedule, claimed before its mail is queued: the key makes it go out once. */
export interface ReportSendsTable {
  schedule_id: number;
  period_start: number;
  period_end: number;
  outbox_id: number | null;
  claimed_by: string;
  created_at: number;
}

/** A read-only link; `target` is JSON (what it shows). Only the token's SHA-256 is kept. */
export interface ShareLinksTable {
  id: Generated<number>;
  token_hash: string;
  /** The first characters of the token, to tell links apart in lists and the audit log. */
  token_prefix: string;
  kind: 'report' | 'monitor';
  target: string;
  label: string | null;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
  use_count: Generated<number>;
}
