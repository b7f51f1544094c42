import type { Generated } from 'kysely';

/** Tables of escalation policies, incident notes and message templates (migration 062). */

/**
 * An escalation policy. `steps` is JSON: `[{after_minutes, channel_ids}]`, after_minutes counted
 * from the incident's start and strictly increasing. `repeat_count`: 0 runs the steps once,
 * N runs them N more times, null repeats until the incident is acknowledged or resolved.
 */
export interface EscalationPoliciesTable {
  id: Generated<number>;
  name: string;
  steps: string;
  repeat_count: number | null;
  created_at: number;
  updated_at: number;
  /** The config file key (migration 101); null unless a file wrote it. */
  config_key: Generated<string | null>;
  managed: Generated<number>;
}

/** A note on an incident's internal timeline (not shown on status pages). */
export interface IncidentNotesTable {
  id: Generated<number>;
  incident_id: number;
  author_id: number | null;
  author_name: string;
  text: string;
  created_at: number;
}

/** A channel's own title and body for one event; mustache text (see src/templates/). */
export interface MessageTemplatesTable {
  channel_id: number;
  /** The notify event: monitor.down, monitor.up, monitor.degraded, monitor.tls_expiring, monitor.escalated. */
  event: string;
  title: string;
  body: string;
  updated_at: number;
  /** The config file key (migration 101); null unless a file wrote it. */
  config_key: Generated<string | null>;
  managed: Generated<number>;
}

/** Every channel an incident's down or escalation alerts went to: its recovery goes to all of them. */
export interface IncidentNotifiedChannelsTable {
  incident_id: number;
  channel_id: number;
}
