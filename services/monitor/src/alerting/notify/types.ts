import type { TSchema } from 'typebox';

/** The events a channel is told about. */
export type NotifyEvent =
  | 'monitor.down'
  | 'monitor.up'
  | 'monitor.degraded'
  | 'monitor.tls_expiring'
  | 'monitor.escalated'
  /** A check location stopped reporting, or came back (issue 13): `location` says which. */
  | 'location.offline'
  | 'location.online'
  /** The flood guard's summary of what it held back in one window (issue 33). */
  | 'flood.summary'
  | 'test';
export const NOTIFY_EVENTS: readonly NotifyEvent[] = [
  'monitor.down',
  'monitor.up',
  'monitor.degraded',
  'monitor.tls_expiring',
  'monitor.escalated',
  'test',
];

export interface NotifyMonitor {
  id: number;
  name: string;
  url: string | null;
}

/** The incident as the API shows it; only the fields used in messages are named. */
export interface NotifyIncident {
  id: number;
  status?: string;
  started_at?: string;
  resolved_at?: string | null;
  duration_seconds?: number | null;
  root_cause?: string | null;
  [field: string]: unknown;
}

/** The check result that caused the event, as the API shows it. */
export interface NotifyResult {
  status?: string;
  status_code?: number | null;
  response_time_ms?: number | null;
  error?: string | null;
  tls_days_left?: number | null;
  checked_at?: string;
  [field: string]: unknown;
}

/** What is stored in the outbox and, for webhooks, exactly what is POSTed. */
export interface NotificationPayload {
  event: NotifyEvent;
  monitor: NotifyMonitor;
  incident: NotifyIncident | null;
  result: NotifyResult | null;
  at: string;
  /** monitor.down of a parent (issue 14): the dependants whose failures this incident explains. */
  affected?: { count: number; monitors: { id: number; name: string }[] };
  /** monitor.down of a multi-location monitor (issue 13): the locations that saw it down. */
  locations?: { id: string; name: string }[];
  /**
   * location.offline / location.online (issue 13): the location, and how many monitors run from it.
   * `monitor` then names the location too (id 0), for providers that always show a monitor.
   */
  location?: {
    id: string;
    name: string;
    region: string | null;
    last_seen_at: string | null;
    monitor_count: number;
  };
  /** monitor.escalated (issue 14): which step of the policy this is (1-based) and its minutes. */
  escalation?: { step: number; steps: number; after_minutes: number };
  /** monitor.escalated to a person (issue 33): their ack link's nonce, stored; never sent. */
  ack_nonce?: string;
  /** The single-use acknowledgement link, made from ack_nonce at delivery (notify/ack-url.ts). */
  ack_url?: string;
  /** flood.summary: how many notifications the guard held in the minute from window_start. */
  flood?: { count: number; window_start: string; limit: number; monitors: string[] };
}

/** A provider's answer: delivered, or why not (with the provider's status and a body excerpt). */
export type DeliveryOutcome =
  | { ok: true; status: number | null }
  /**
   * `permanent`: the provider's own word on whether retrying can help; left out, the outbox reads
   * `status` as an HTTP status (backoff.ts). E-mail sets it, because its status is an SMTP code.
   */
  | { ok: false; status: number | null; error: string; permanent?: boolean };

/** What a sender gets besides the decrypted channel config. */
export interface SendContext {
  /** Used for links in messages; null when the setting is unset. */
  appBaseUrl: string | null;
  timeoutMs: number;
  /** The outbox row's stable key, for providers that deduplicate (webhook header, PagerDuty). */
  idempotencyKey: string;
  /** SMTP defaults from the settings (email channels fill missing fields from them). */
  smtp: SmtpDefaults;
  /** The channel's own template rendered for this notification (templates/); absent: built-in text. */
  custom?: RenderedMessage;
}

/** A channel template's output: title and text, and for e-mail an escaped HTML body. */
export interface RenderedMessage {
  title: string;
  text: string;
  html?: string;
}

export interface SmtpDefaults {
  host: string | null;
  port: number | null;
  secure: boolean;
  username: string | null;
  password: string | null;
  from: string | null;
}

/** One channel type: how its config looks, which fields are secret, and how it sends. */
export interface Provider<C = Record<string, unknown>> {
  type: string;
  schema: TSchema;
  secretFields: readonly string[];
  /**
   * The fields that say where messages (and so the secrets) go: changing one requires every stored
   * secret again (channels/channel-destination.ts). Empty when the only destination is a secret URL
   * (Slack, Discord, Teams), which can only change by being re-entered. Count a chat id or topic
   * too: a kept token would otherwise post into someone else's chat or topic.
   */
  destinationFields: readonly string[];
  /** Checks beyond the schema (URL schemes, cross-field rules); returns [field, message] pairs. */
  validate?(config: C): Array<[string, string]>;
  send(config: C, payload: NotificationPayload, ctx: SendContext): Promise<DeliveryOutcome>;
}
