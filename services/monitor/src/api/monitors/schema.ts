import { MULTILINE } from '@app/kit';
import { Type } from 'typebox';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Text = (maxLength: number) => nullable(Type.String({ maxLength }));

export const MonitorTypeSchema = Type.Union([
  Type.Literal('http_get'),
  Type.Literal('http_post'),
  Type.Literal('http_head'),
  Type.Literal('tcp'),
  Type.Literal('dns'),
  Type.Literal('tls'),
  Type.Literal('ping'),
  Type.Literal('heartbeat'),
  Type.Literal('postgres'),
  Type.Literal('mysql'),
  Type.Literal('redis'),
  Type.Literal('smtp'),
  Type.Literal('websocket'),
  Type.Literal('grpc'),
  Type.Literal('mqtt'),
  Type.Literal('amqp'),
]);
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
const configFields = {
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
};

/** Issue 14 fields kept outside the portable configuration. */
const conditionFields = {
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
const locationFields = {
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
const optionalLocations = {
  location_ids: Type.Optional(locationFields.location_ids),
  quorum: Type.Optional(locationFields.quorum),
};
const LocationStateSchema = Type.Object({
  location_id: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('down'),
  ]),
  counted: Type.Boolean({ description: 'False while the location is offline: its verdict does not count' }),
  last_checked_at: nullable(Type.String({ format: 'date-time' })),
  last_response_time_ms: nullable(Type.Integer()),
  last_error: nullable(Type.String()),
});

const optionalConditions = {
  depends_on: Type.Optional(conditionFields.depends_on),
  tls_alert_days: Type.Optional(conditionFields.tls_alert_days),
};

/** How a monitor alerts; not part of what it checks. */
const alertFields = {
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
const optionalAlert = {
  channel_ids: Type.Optional(alertFields.channel_ids),
  reminder_interval_minutes: Type.Optional(alertFields.reminder_interval_minutes),
  escalation_policy_id: Type.Optional(alertFields.escalation_policy_id),
};

/** Where a monitor sits and how it is tagged (issue 14, groups and tags). */
export const TagName = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[^:]+$',
  description: 'No colon: filters read `name:value`',
});
const TagValue = nullable(Type.String({ maxLength: 200 }));
const membershipFields = {
  group_id: Type.Optional(
    nullable(Type.Integer({ minimum: 1, description: 'The monitor’s group (null: none)' })),
  ),
  tags: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Object(
          { tag_id: Type.Integer({ minimum: 1 }), value: Type.Optional(TagValue) },
          { additionalProperties: false },
        ),
        Type.Object({ name: TagName, value: Type.Optional(TagValue) }, { additionalProperties: false }),
      ]),
      { maxItems: 50, description: 'Tags by id, or by name (a new name creates the tag with a grey colour)' },
    ),
  ),
};
const membershipView = {
  group_id: nullable(Type.Integer()),
  tags: Type.Array(
    Type.Object({ tag_id: Type.Integer(), name: Type.String(), color: Type.String(), value: TagValue }),
  ),
};

const optional = Object.fromEntries(Object.entries(configFields).map(([k, v]) => [k, Type.Optional(v)])) as {
  [K in keyof typeof configFields]: ReturnType<typeof Type.Optional<(typeof configFields)[K]>>;
};

/** POST and PUT (a full replacement: omitted fields take their defaults). */
export const MonitorBody = Type.Object(
  {
    ...optional,
    ...optionalAlert,
    ...membershipFields,
    ...optionalConditions,
    ...optionalLocations,
    name: configFields.name,
  },
  { additionalProperties: false },
);
/** PATCH: any subset. */
export const MonitorPatch = Type.Object(
  { ...optional, ...optionalAlert, ...membershipFields, ...optionalConditions, ...optionalLocations },
  { additionalProperties: false, minProperties: 1 },
);

/** POST /api/monitors/test: create's fields (the name optional) and the monitor being edited, if any. */
export const MonitorTestBody = Type.Object(
  {
    ...optional,
    ...optionalAlert,
    ...optionalConditions,
    ...membershipFields,
    ...optionalLocations,
    monitor_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The monitor being edited: masked credentials in the body stand for its stored ones',
      }),
    ),
  },
  { additionalProperties: false },
);

/** What one test check found (the fields of a check result). */
export const TestOutcome = Type.Object({
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  response_time_ms: nullable(Type.Integer()),
  status_code: nullable(Type.Integer()),
  error: nullable(Type.String()),
  warning: nullable(Type.String()),
  tls_days_left: nullable(Type.Integer()),
});

const DateTime = Type.String({ format: 'date-time' });
export const StatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('up'),
  Type.Literal('degraded'),
  Type.Literal('down'),
  Type.Literal('paused'),
  Type.Literal('maintenance'),
]);

export const Monitor = Type.Object({
  id: Type.Integer(),
  ...configFields,
  ...alertFields,
  ...conditionFields,
  status_reason: Type.Union([Type.Literal('dependency_down'), Type.Null()], {
    description: 'dependency_down: down because a monitor it depends on is down (no alert of its own)',
  }),
  ...membershipView,
  ...locationFields,
  locations: Type.Array(LocationStateSchema, {
    description: 'The monitor’s state at each of its locations (one entry, local, for a local-only monitor)',
  }),
  current_status: StatusSchema,
  last_checked_at: nullable(DateTime),
  last_response_time_ms: nullable(Type.Integer()),
  last_status_code: nullable(Type.Integer()),
  consecutive_failures: Type.Integer(),
  tls_days_left: nullable(
    Type.Integer({
      description:
        'Days left on the certificate at the latest check that read one (tls, https and smtps/STARTTLS monitors; null otherwise)',
    }),
  ),
  heartbeat_token: nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
});

export const CheckNowAccepted = Type.Object({ monitor_id: Type.Integer(), requested_at: DateTime });
