// The public face of a status page: everything the HTML page, its JSON twin, its Atom feed and its
// live script are built from. It carries names and states only: never a monitor's id, URL, host,
// headers or error text, so nothing rendered from it can leak what the page does not show.

export type OverallStatus = 'operational' | 'degraded' | 'partial_outage' | 'major_outage' | 'maintenance';

/**
 * A monitor's state as a visitor sees it: its own status, but `unknown` for one not checked yet
 * (pending). Degraded (slower than its `degraded_response_ms`) is its own state, as on the banner.
 */
export type PublicMonitorState = 'up' | 'degraded' | 'down' | 'maintenance' | 'paused' | 'unknown';

export interface PublicDay {
  /** UTC calendar day, `YYYY-MM-DD`. */
  date: string;
  /** Null: no checks that day (drawn grey). */
  uptime_percent: number | null;
  /** A maintenance window covered part of the day. */
  maintenance: boolean;
}

export interface PublicMonitor {
  /** Position-based key (`s{section}-m{index}`), stable while the page's layout is; never the monitor id. */
  key: string;
  name: string;
  state: PublicMonitorState;
  /** Over the page's window, from the roll-ups and the raw results since; null without data. */
  uptime_percent: number | null;
  /** Oldest first, exactly `uptime_days` entries ending today (UTC). */
  days: PublicDay[];
}

export interface PublicSection {
  name: string;
  monitors: PublicMonitor[];
}

export interface PublicIncidentUpdate {
  status: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  message: string;
  at: string;
}

export interface PublicIncident {
  /** The incident's own id (it reveals nothing about the monitor); used for feed entry ids. */
  id: number;
  /** Monitor names on this page that the incident concerns. */
  affected: string[];
  status: 'open' | 'acknowledged' | 'resolved';
  started_at: string;
  resolved_at: string | null;
  updates: PublicIncidentUpdate[];
  postmortem: string | null;
}

export interface PublicMaintenance {
  /** Window id plus occurrence start, so each occurrence of a recurring window is its own feed entry. */
  key: string;
  name: string;
  starts_at: string;
  ends_at: string | null;
  active: boolean;
  affected: string[];
}

export interface PublicStatusPage {
  slug: string;
  title: string;
  description: string | null;
  footer: string | null;
  uptime_days: 30 | 60 | 90 | 365;
  overall: OverallStatus;
  sections: PublicSection[];
  /** Open incidents, then those resolved in the last 7 days, newest first. */
  incidents: PublicIncident[];
  /** Active windows and those starting within 7 days, soonest first. */
  maintenance: PublicMaintenance[];
  updated_at: string;
}
