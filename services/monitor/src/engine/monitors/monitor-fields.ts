import { MULTILINE } from '@app/kit';
import { type TUnsafe, Type } from 'typebox';
import { JourneyStep } from '../../shared-types/journey-shapes.js';
import { MONITOR_TYPES, type MonitorType } from '../checks/index.js';

// The fields of a monitor with their bounds, grouped as the API reads and answers them: the write
// side (monitor-body.ts) and the API's view of a monitor (api/monitors/schema.ts) are built from them.

export const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);
const Text = (maxLength: number) => nullable(Type.String({ maxLength }));

// Every type of the checks' registry, in its order (engine/checks/registry.ts): the same anyOf of
// literals as when it was written out by hand. Built from a list, TypeBox cannot infer the union, so
// the static type is stated (the schema object itself is the union).
export const MonitorTypeSchema = Type.Union(
  MONITOR_TYPES.map((t) => Type.Literal(t)),
) as unknown as TUnsafe<MonitorType>;
const DnsRecordType = Type.Union([
  Type.Literal('A'),
  Type.Literal('AAAA'),
  Type.Literal('CNAME'),
  Type.Literal('MX'),
  Type.Literal('TXT'),
  Type.Literal('NS'),
]);
const Auth = nullable(
  Type.Union([
    Type.Object(
      {
        type: Type.Literal('basic'),
        username: Type.String({ maxLength: 500 }),
        password: Type.String({ maxLength: 500 }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { type: Type.Literal('bearer'), token: Type.String({ minLength: 1, maxLength: 4000 }) },
      { additionalProperties: false },
    ),
  ]),
);

/** The portable configuration fields with their bounds (defaults are applied by the service). */
export const configFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  monitor_type: MonitorTypeSchema,
  url: Text(2048),
  check_interval_seconds: Type.Integer({ minimum: 1, maximum: 86400 }),
  timeout_seconds: Type.Integer({
    minimum: 1,
    maximum: 86400,
    description: 'At most check_interval_seconds',
  }),
  retry_count: Type.Integer({ minimum: 0, maximum: 10 }),
  retry_interval_seconds: Type.Integer({ minimum: 1, maximum: 86400 }),
  expected_status_codes: Type.String({ maxLength: 200, description: '200, 2xx, 200-299, !503, lists' }),
  headers: nullable(Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 4000 }))),
  // A request body to send may well span lines (JSON, form data).
  body: nullable(Type.String({ maxLength: 65536, [MULTILINE]: true })),
  auth: Auth,
  max_redirects: Type.Integer({ minimum: 0, maximum: 20 }),
  ignore_tls_errors: Type.Boolean(),
  keyword: Text(1000),
  json_path: Text(500),
  json_expected: Text(1000),
  dns_record_type: DnsRecordType,
  dns_expected: Text(1000),
  dns_resolver: Text(100),
  tls_warn_days: Type.Integer({ minimum: 0, maximum: 365 }),
  heartbeat_grace_seconds: Type.Integer({ minimum: 0, maximum: 86400 }),
  // Service checks (issue 15). SQL, messages and values may span lines; names and topics may not.
  query: nullable(
    Type.String({
      minLength: 1,
      maxLength: 10000,
      [MULTILINE]: true,
      description: 'postgres/mysql: SQL to run (null: SELECT 1); redis: a key to GET after PING',
    }),
  ),
  expected_value: nullable(
    Type.String({
      maxLength: 4000,
      [MULTILINE]: true,
      description:
        'postgres/mysql: the first column of the first row as text (NULL reads null); redis: the value of `query`; websocket: the message expected back',
    }),
  ),
  message: nullable(
    Type.String({
      maxLength: 65536,
      [MULTILINE]: true,
      description: 'websocket: a text message to send once open',
    }),
  ),
  topic: nullable(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'mqtt topic or amqp queue to publish a message to and receive it back from',
    }),
  ),
  service_name: nullable(
    Type.String({
      maxLength: 200,
      description: 'grpc: the service asked about (empty or null: the whole server)',
    }),
  ),
  starttls: Type.Boolean({
    description: 'smtp:// only: issue STARTTLS after EHLO and record the certificate’s days left',
  }),
  expected_close_code: nullable(
    Type.Integer({
      minimum: 1000,
      maximum: 4999,
      description: 'websocket: the close code the server must send',
    }),
  ),
  // Journeys (issue 32, docs/browser-checks.md).
  steps: nullable(
    Type.Array(JourneyStep, {
      minItems: 1,
      maxItems: 50,
      description: 'multistep: HTTP requests with assertions and captures; browser: page actions',
    }),
  ),
  script: nullable(
    Type.String({
      minLength: 1,
      maxLength: 65536,
      [MULTILINE]: true,
      description: 'browser: the body of an async function of `page` and `expect` (admins only)',
    }),
  ),
  viewport: nullable(
    Type.String({
      pattern: '^[0-9]{2,4}x[0-9]{2,4}$',
      description: 'browser: WIDTHxHEIGHT (default 1280x720)',
    }),
  ),
  blocklist: nullable(
    Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
      maxItems: 50,
      description: 'browser: request URL patterns not loaded (`*` matches anything)',
    }),
  ),
  badge_enabled: Type.Boolean({
    description:
      'Serve the public SVG badges (/api/badges/{id}/…) even when the monitor is on no public status page',
  }),
  // Conditions beyond up/down (issue 14).
  degraded_response_ms: nullable(
    Type.Integer({
      minimum: 1,
      maximum: 3_600_000,
      description: 'A successful check slower than this many ms makes the monitor degraded (null: never)',
    }),
  ),
  invert: Type.Boolean({
    description:
      'Upside-down mode: a failing check is healthy, a passing one is down ("expected failure, got success")',
  }),
  recovery_count: Type.Integer({
    minimum: 1,
    maximum: 100,
    description: 'Successful checks in a row a down monitor needs before it is up again',
  }),
  // SLA reports (issue 34).
  sla_target_percent: nullable(
    Type.Number({
      minimum: 0,
      maximum: 100,
      description:
        'The uptime target of SLA reports in percent, maintenance excluded (null: the sla_target_percent setting)',
    }),
  ),
};

/** Issue 14 fields kept outside the portable configuration. */
export const conditionFields = {
  depends_on: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 50,
    description:
      'Monitors this one depends on: while one is down, this one is down with reason dependency_down and does not alert',
  }),
  tls_alert_days: Type.Integer({
    minimum: 0,
    maximum: 365,
    description: 'Another name for tls_warn_days: alert once at this many days left, and again at 7 and 1',
  }),
};
/** Where a monitor runs from and how many locations must see a failure (issue 13, docs/locations.md). */
export const locationFields = {
  location_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 50,
    description:
      'Locations the monitor is checked from (default ["local"]); heartbeat monitors: ["local"] only',
  }),
  quorum: nullable(
    Type.Integer({
      minimum: 1,
      description:
        'Locations that must see a failure for the monitor to be down; null: a majority of the online ones',
    }),
  ),
};

/** How a monitor alerts; not part of what it checks. */
export const alertFields = {
  channel_ids: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 100,
    description: 'Notification channels that get this monitor’s alerts',
  }),
  reminder_interval_minutes: nullable(
    Type.Integer({
      minimum: 1,
      maximum: 10080,
      description: 'Repeat the down alert this often while an incident lasts',
    }),
  ),
  escalation_policy_id: nullable(
    Type.Integer({
      minimum: 1,
      description: 'Escalation policy for this monitor’s incidents; null: its group’s (docs/escalation.md)',
    }),
  ),
};
