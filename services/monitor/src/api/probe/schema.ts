import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const AssignmentsQuery = Type.Object(
  {
    ids: Type.Optional(
      Type.String({
        description: 'Comma-separated monitor ids: only these (paused ones flagged, others in removed)',
      }),
    ),
  },
  { additionalProperties: false },
);

const Assignment = Type.Object({
  id: Type.Integer(),
  version: Type.Integer({ description: 'Changes with every edit (the monitor’s updated_at, ms)' }),
  check_interval_seconds: Type.Integer(),
  retry_interval_seconds: Type.Integer(),
  retry_count: Type.Integer(),
  paused: Type.Boolean(),
  target: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The checker’s input, credentials included',
  }),
});

export const AssignmentsResponse = Type.Object({
  location: Type.Object({ id: Type.String(), name: Type.String(), heartbeat_seconds: Type.Integer() }),
  monitors: Type.Array(Assignment),
  removed: Type.Array(Type.Integer()),
  server_time: Type.Integer(),
});

const Result = Type.Object(
  {
    monitor_id: Type.Integer({ minimum: 1 }),
    checked_at: Type.Integer({ minimum: 0, description: 'The probe’s clock, epoch ms' }),
    status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    response_time_ms: Nullable(Type.Integer({ minimum: 0 })),
    status_code: Nullable(Type.Integer()),
    error: Nullable(Type.String({ maxLength: 2000 })),
    tls_days_left: Nullable(Type.Integer()),
  },
  { additionalProperties: false },
);

export const ResultsBody = Type.Object(
  {
    batch_id: Type.String({
      format: 'uuid',
      maxLength: 45,
      description: 'A UUID, unique per probe: a replay is stored once',
    }),
    sent_at: Type.Integer({ minimum: 0, description: 'The probe’s clock when sending, epoch ms' }),
    results: Type.Array(Result, { maxItems: 5000 }),
  },
  { additionalProperties: false },
);

export const ResultsResponse = Type.Object({
  batch_id: Type.String(),
  duplicate: Type.Boolean(),
  accepted: Type.Integer(),
  rejected: Type.Array(
    Type.Object({ index: Type.Integer(), monitor_id: Type.Integer(), reason: Type.String() }),
  ),
});

export const HeartbeatBody = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: 64 }),
    sent_at: Type.Integer({ minimum: 0 }),
    spooled: Type.Integer({ minimum: 0 }),
    dropped: Type.Integer({ minimum: 0 }),
    unsupported_types: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 50,
        description: 'Check types this probe cannot run (browser without Chromium): none is assigned to it',
      }),
    ),
  },
  { additionalProperties: false },
);

export const HeartbeatResponse = Type.Object({
  server_time: Type.Integer(),
  skew_ms: Type.Integer(),
  heartbeat_seconds: Type.Integer(),
});
