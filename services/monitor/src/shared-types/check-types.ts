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
  | 'expected_close_code'
  /** Journeys (issue 32): the step list, a browser script, the viewport and the request blocklist. */
  | 'steps'
  | 'script'
  | 'viewport'
  | 'blocklist';

/** What a field that means something different per type is called, and its hint, for one type. */
export interface FieldHelp {
  label: string;
  hint: string;
  placeholder?: string;
}

/**
 * One monitor type as the form shows it: the web's half of a check type (the service's is
 * src/engine/checks/registry.ts; the recipe is CONTRIBUTING.md, "A new check type").
 */
export interface WebCheckType {
  /** Its name in the type picker, filters and lists. */
  label: string;
  /** The form fields it uses, beyond name, type and interval. */
  fields: FieldName[];
  /** A service check (issue 15): its fields live in the form's service fieldset. */
  service?: true;
  /** What the target field (`url`) means for it. */
  url: { label: string; placeholder: string };
  /** What `query`, `expected_value` and `topic` mean for it, when it reads them. */
  query?: FieldHelp;
  expected?: FieldHelp;
  topic?: FieldHelp;
}

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
const sqlQuery: FieldHelp = { label: 'Query', hint: 'Optional; default SELECT 1', placeholder: 'SELECT 1' };
const sqlExpected: FieldHelp = {
  label: 'Expected value',
  hint: 'The first column of the first row, as text; empty: anything',
};

/**
 * Every check type, in the order of the form's type picker, with what the dashboard's form says about
 * it. Its keys are the one list of type names both sides read (`MonitorType` below); the service's
 * registry (engine/checks/registry.ts) must hold the same keys, which api/monitors/schema.ts checks
 * at compile time, so a new check type is its checker, one registry line and one entry here.
 */
const FACTS = {
  http_get: {
    label: 'HTTP GET',
    fields: http,
    url: { label: 'URL', placeholder: 'https://example.com/health' },
  },
  http_post: {
    label: 'HTTP POST',
    fields: [...http, 'body'],
    url: { label: 'URL', placeholder: 'https://example.com/api' },
  },
  http_head: {
    label: 'HTTP HEAD',
    fields: http.filter((f) => f !== 'keyword' && f !== 'json_path' && f !== 'json_expected'),
    url: { label: 'URL', placeholder: 'https://example.com/' },
  },
  tcp: {
    label: 'TCP port',
    fields: checked,
    url: { label: 'Host and port', placeholder: 'db.internal:5432' },
  },
  dns: {
    label: 'DNS',
    fields: [...checked, 'dns_record_type', 'dns_expected', 'dns_resolver'],
    url: { label: 'Name to resolve', placeholder: 'example.com' },
  },
  tls: {
    label: 'TLS certificate',
    fields: [...checked, 'tls_warn_days', 'ignore_tls_errors'],
    url: { label: 'Host[:port] or https URL', placeholder: 'example.com:443' },
  },
  ping: { label: 'Ping', fields: checked, url: { label: 'Host', placeholder: 'router.lan' } },
  heartbeat: {
    label: 'Heartbeat (push)',
    fields: ['retry_count', 'heartbeat_grace_seconds'],
    url: { label: '', placeholder: '' },
  },
  postgres: {
    label: 'PostgreSQL',
    fields: [...checked, 'credentials', 'query', 'expected_value'],
    service: true,
    url: { label: 'URL', placeholder: 'postgres://db.internal:5432/app' },
    query: sqlQuery,
    expected: sqlExpected,
  },
  mysql: {
    label: 'MySQL / MariaDB',
    fields: [...checked, 'credentials', 'query', 'expected_value'],
    service: true,
    url: { label: 'URL', placeholder: 'mysql://db.internal:3306/app' },
    query: sqlQuery,
    expected: sqlExpected,
  },
  redis: {
    label: 'Redis',
    fields: [...checked, 'credentials', 'query', 'expected_value', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'redis://cache.internal:6379 or rediss://…' },
    query: { label: 'Key to read', hint: 'Optional: read this key after PING' },
    expected: { label: 'Expected value', hint: 'The key’s value; empty: anything' },
  },
  smtp: {
    label: 'SMTP',
    fields: [...checked, 'starttls', 'tls_warn_days', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'smtp://mail.internal:25 or smtps://mail.internal:465' },
  },
  websocket: {
    label: 'WebSocket',
    fields: [...checked, 'message', 'expected_value', 'expected_close_code', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'wss://example.com/socket' },
    expected: { label: 'Expected reply', hint: 'The text message expected back; empty: anything' },
  },
  grpc: {
    label: 'gRPC health',
    fields: [...checked, 'service_name', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'grpc://api.internal:50051 or grpcs://…' },
  },
  mqtt: {
    label: 'MQTT',
    fields: [...checked, 'credentials', 'topic', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'mqtt://broker.internal:1883 or mqtts://…' },
    topic: { label: 'Topic', hint: 'Optional: publish a message here and receive it back' },
  },
  amqp: {
    label: 'AMQP (RabbitMQ)',
    fields: [...checked, 'credentials', 'topic', 'ignore_tls_errors'],
    service: true,
    url: { label: 'URL', placeholder: 'amqp://broker.internal:5672/vhost or amqps://…' },
    topic: { label: 'Queue', hint: 'Optional: publish a message to this queue and receive it back' },
  },
  multistep: {
    label: 'Multi-step API',
    fields: [...checked, 'headers', 'auth', 'ignore_tls_errors', 'steps'],
    service: true,
    url: { label: 'Base URL', placeholder: 'https://api.example.com/' },
  },
  browser: {
    label: 'Browser journey',
    fields: [...checked, 'headers', 'auth', 'ignore_tls_errors', 'steps', 'script', 'viewport', 'blocklist'],
    service: true,
    url: { label: 'Start URL', placeholder: 'https://app.example.com/login' },
  },
} satisfies Record<string, WebCheckType>;

/** Every check type of the registry, in its order. */
export type MonitorType = keyof typeof FACTS;

export const CHECK_TYPES: Record<MonitorType, WebCheckType> = FACTS;

/** The types with their entries, in the table's order. */
export const checkTypeEntries = () => Object.entries(CHECK_TYPES) as [MonitorType, WebCheckType][];
