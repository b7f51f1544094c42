import type { MonitorType } from '../api/types.js';

/** The configuration fields beyond name/type/interval that each monitor type uses. */
export type FieldName =
  | 'url'
  | 'timeout_seconds'
  | 'retry_count'
  | 'retry_interval_seconds'
  | 'expected_status_codes'
  | 'headers'
  | 'body'
  | 'auth'
  | 'max_redirects'
  | 'ignore_tls_errors'
  | 'keyword'
  | 'json_path'
  | 'json_expected'
  | 'dns_record_type'
  | 'dns_expected'
  | 'dns_resolver'
  | 'tls_warn_days'
  | 'heartbeat_grace_seconds'
  /** A user name and password for a service (sent as `auth` basic); http has `auth` with its type. */
  | 'credentials'
  | 'query'
  | 'expected_value'
  | 'message'
  | 'topic'
  | 'service_name'
  | 'starttls'
  | 'expected_close_code';

const checked: FieldName[] = ['url', 'timeout_seconds', 'retry_count', 'retry_interval_seconds'];
const http: FieldName[] = [
  ...checked,
  'expected_status_codes',
  'headers',
  'auth',
  'max_redirects',
  'ignore_tls_errors',
  'keyword',
  'json_path',
  'json_expected',
];

export const FIELDS_BY_TYPE: Record<MonitorType, FieldName[]> = {
  http_get: http,
  http_post: [...http, 'body'],
  http_head: http.filter((f) => f !== 'keyword' && f !== 'json_path' && f !== 'json_expected'),
  tcp: checked,
  dns: [...checked, 'dns_record_type', 'dns_expected', 'dns_resolver'],
  tls: [...checked, 'tls_warn_days', 'ignore_tls_errors'],
  ping: checked,
  heartbeat: ['retry_count', 'heartbeat_grace_seconds'],
  postgres: [...checked, 'credentials', 'query', 'expected_value'],
  mysql: [...checked, 'credentials', 'query', 'expected_value'],
  redis: [...checked, 'credentials', 'query', 'expected_value', 'ignore_tls_errors'],
  smtp: [...checked, 'starttls', 'tls_warn_days', 'ignore_tls_errors'],
  websocket: [...checked, 'message', 'expected_value', 'expected_close_code', 'ignore_tls_errors'],
  grpc: [...checked, 'service_name', 'ignore_tls_errors'],
  mqtt: [...checked, 'credentials', 'topic', 'ignore_tls_errors'],
  amqp: [...checked, 'credentials', 'topic', 'ignore_tls_errors'],
};

/** The service check types (issue 15): their fields live in one fieldset of the form. */
export const SERVICE_TYPES = new Set<MonitorType>([
  'postgres',
  'mysql',
  'redis',
  'smtp',
  'websocket',
  'grpc',
  'mqtt',
  'amqp',
]);

/** What the target field means for each type. */
export const URL_HELP: Record<MonitorType, { label: string; placeholder: string }> = {
  http_get: { label: 'URL', placeholder: 'https://example.com/health' },
  http_post: { label: 'URL', placeholder: 'https://example.com/api' },
  http_head: { label: 'URL', placeholder: 'https://example.com/' },
  tcp: { label: 'Host and port', placeholder: 'db.internal:5432' },
  dns: { label: 'Name to resolve', placeholder: 'example.com' },
  tls: { label: 'Host[:port] or https URL', placeholder: 'example.com:443' },
  ping: { label: 'Host', placeholder: 'router.lan' },
  heartbeat: { label: '', placeholder: '' },
  postgres: { label: 'URL', placeholder: 'postgres://db.internal:5432/app' },
  mysql: { label: 'URL', placeholder: 'mysql://db.internal:3306/app' },
  redis: { label: 'URL', placeholder: 'redis://cache.internal:6379 or rediss://…' },
  smtp: { label: 'URL', placeholder: 'smtp://mail.internal:25 or smtps://mail.internal:465' },
  websocket: { label: 'URL', placeholder: 'wss://example.com/socket' },
  grpc: { label: 'URL', placeholder: 'grpc://api.internal:50051 or grpcs://…' },
  mqtt: { label: 'URL', placeholder: 'mqtt://broker.internal:1883 or mqtts://…' },
  amqp: { label: 'URL', placeholder: 'amqp://broker.internal:5672/vhost or amqps://…' },
};

/** Under a field holding a stored credential: what the mask means (the service keeps the value). */
export const KEEP_HINT =
  'Stored secrets show as ********: leave them to keep them, type a new value to replace one. ' +
  'Pointing the monitor at another host needs them typed again.';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'];
