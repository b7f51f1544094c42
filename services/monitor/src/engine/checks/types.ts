import type { CheckDetails, JourneyStep } from './journey-types.js';

export type * from './journey-types.js';

/** DNS record types a `dns` monitor may query. */
export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS';

/** Credentials an HTTP monitor sends in `Authorization`. */
export type HttpAuth =
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

/**
 * The monitor fields a check reads. Names match the monitor resource so a stored monitor can be passed
 * as is; optional fields fall back to the defaults noted here.
 *
 * - `monitor_type`: picks the checker; the HTTP method is implied (`http_get` → GET, …).
 * - `url`: per type as in the contract: the URL (http_*), `host:port` or `tcp://host:port` (tcp),
 *   the name to resolve (dns), `host[:port]` or an https URL (tls), a host (ping), null (heartbeat).
 * - `timeout_seconds`: the whole check, connect to last body byte, must finish within it.
 * - `headers`, `body`, `auth`: request headers, request body (http_post; ignored for GET and HEAD), credentials.
 * - `max_redirects` (default 10): redirects followed; 0 reports the 3xx response itself.
 * - `ignore_tls_errors` (default false): accept untrusted, mismatched or expired certificates (http_*),
 *   or judge only the validity dates and not the chain or host name (tls).
 * - `keyword`: case-sensitive text the body must contain.
 * - `json_path` + `json_expected`: see json-path.ts; with `json_expected` null the path only has to exist.
 * - `expected_status_codes` (default `2xx`): see status-codes.ts.
 * - `dns_record_type` (default `A`), `dns_expected` (one of the answers must equal it),
 *   `dns_resolver` (`ip[:port]`; default: the system's resolvers).
 * - `tls_warn_days` (default 14): at or below this many days left, an up outcome carries a `warning`.
 *
 * Service checks (issue 15). `url` per type: `postgres://[user[:pass]@]host[:port]/db` (postgresql:// too),
 * `mysql://…/db` (mariadb:// too), `redis://` or `rediss://[user:pass@]host[:port][/db]`,
 * `smtp://host[:port]` (25; STARTTLS optional) or `smtps://host[:port]` (465, TLS from the start),
 * `ws://` or `wss://…`, `grpc://host:port` (plain) or `grpcs://host:port` (TLS),
 * `mqtt://` or `mqtts://[user:pass@]host[:port]`, `amqp://` or `amqps://[user:pass@]host[:port][/vhost]`.
 * Credentials come as the URL's password (the stored URL holds the mask; the checker receives the URL
 * without it and `auth: {type:'basic', username, password}` instead, see monitor-secrets withSecrets) or
 * as `auth` basic sent separately; `auth` wins when both are given.
 * - `query`: postgres/mysql: SQL to run (default `SELECT 1`); redis: a key to GET after PING.
 * - `expected_value`: postgres/mysql: the first column of the first row, as text (NULL is `null`);
 *   redis: the key's value; websocket: the text message expected back. Null: anything goes.
 * - `message`: websocket: a text message to send once open (then `expected_value` is awaited).
 * - `topic`: mqtt topic / amqp queue: when set, the check publishes a unique message there and must
 *   receive it back within the timeout; null: connecting is enough.
 * - `service_name`: grpc: the service for grpc.health.v1.Health/Check (`` or null = the whole server).
 * - `starttls` (default false): smtp:// only: issue STARTTLS after EHLO and record the certificate's days
 *   left as a tls monitor does (with `tls_warn_days`); smtps:// always records them.
 * - `expected_close_code`: websocket: when set, the check closes politely and the server's close code
 *   must equal it; when set and `message` is null, the server is expected to close by itself.
 * - `ignore_tls_errors` applies to every TLS variant (rediss, smtps/STARTTLS, wss, grpcs, mqtts, amqps).
 *
 * Source address (runCheck's `opts.localAddress`, a probe's PROBE_SOURCE_ADDRESS, issue 13): http_*,
 * tcp, tls, dns (the resolver's queries), ping (`-I`) and smtp connect from it. postgres, mysql, redis,
 * websocket, grpc, mqtt and amqp connect from the default address: their client libraries choose it.
 */
export interface CheckTarget {
  /**
   * A MonitorType (registry.ts); typed as text here because the checker modules, which the
   * registry imports, read this file: the registry's own type would close a circle.
   */
  monitor_type: string;
  url: string | null;
  timeout_seconds: number;
  headers?: Record<string, string> | null;
  body?: string | null;
  auth?: HttpAuth | null;
  max_redirects?: number | null;
  ignore_tls_errors?: boolean | null;
  keyword?: string | null;
  json_path?: string | null;
  json_expected?: string | null;
  expected_status_codes?: string | null;
  dns_record_type?: DnsRecordType | null;
  dns_expected?: string | null;
  dns_resolver?: string | null;
  tls_warn_days?: number | null;
  query?: string | null;
  expected_value?: string | null;
  message?: string | null;
  topic?: string | null;
  service_name?: string | null;
  starttls?: boolean | null;
  expected_close_code?: number | null;
  /**
   * Journeys (issue 32, journey-types.ts): `multistep` requests or `browser` actions in order; a
   * browser `script` (the body of an async function of `page` and `expect`) instead of steps; the
   * browser's `viewport` (`WIDTHxHEIGHT`, default 1280x720) and request `blocklist` (URL patterns,
   * `*` matching anything). In steps, `{{auth.username}}`, `{{auth.password}}`, `{{auth.token}}`
   * stand for the monitor's stored credentials, and `{{name}}` for an earlier capture.
   */
  steps?: JourneyStep[] | null;
  script?: string | null;
  viewport?: string | null;
  blocklist?: string[] | null;
}

/**
 * What one check found. Fields that do not apply are null. `error` is set exactly when status is `down`;
 * `warning` is set on an `up` outcome whose certificate is at or below the warn threshold.
 * `response_time_ms` is null when no answer came (refused, timed out, TLS failure), so latency figures
 * are not skewed by timeouts; it is set when an answer came but failed an assertion.
 */
export interface CheckOutcome {
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
  warning: string | null;
  /** Journeys only (issue 32): per-step timings and what the browser saw; stored with the result. */
  details?: CheckDetails;
}

export const DEFAULT_MAX_REDIRECTS = 10;
export const DEFAULT_TLS_WARN_DAYS = 14;
export const DEFAULT_EXPECTED_STATUS_CODES = '2xx';
