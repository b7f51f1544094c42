import type { Generated } from 'kysely';

// The public face's tables: status pages, their sections and monitors, incident updates, subscribers.

export interface StatusPagesTable {
  id: Generated<number>;
  /** `[a-z0-9-]{1,64}`, unique: the page is served at /status/{slug}. */
  slug: string;
  title: string;
  description: string | null;
  footer: string | null;
  /** 30, 60, 90 or 365. */
  uptime_days: number;
  is_public: number;
  created_at: number;
  updated_at: number;
  /** The config file key (migration 101); null unless a file wrote it. */
  config_key: Generated<string | null>;
  managed: Generated<number>;
}

export interface StatusPageSectionsTable {
  id: Generated<number>;
  page_id: number;
  position: number;
  name: string;
}

/** A monitor shown in a section; page_id is denormalised so "which pages show monitor M" is one lookup. */
export interface StatusPageMonitorsTable {
  section_id: number;
  page_id: number;
  monitor_id: number;
  position: number;
}

export type IncidentUpdateStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';

/** One entry of an incident's public timeline. */
export interface IncidentUpdatesTable {
  id: Generated<number>;
  incident_id: number;
  status: IncidentUpdateStatus;
  message: string;
  author_id: number | null;
  author_name: string | null;
  created_at: number;
}

/** An e-mail subscriber of a status page; confirmed_at null = waiting for the opt-in click. */
export interface StatusSubscribersTable {
  id: Generated<number>;
  page_id: number;
  email: string;
  /** SHA-256 (hex) of the pending confirmation token; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirmed_at: number | null;
  created_at: number;
}
