import { Type } from 'typebox';
import { MAX_FORWARDED_STEPS } from '../../shared-types/probe-protocol.js';

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

// A journey's record as a probe forwards it (issue 32); the probe trims it to these bounds.
const StepRecord = Type.Object(
  {
    name: Type.String({ maxLength: 300 }),
    status: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('skipped')]),
    duration_ms: Type.Integer({ minimum: 0 }),
    status_code: Type.Optional(Nullable(Type.Integer())),
    error: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);
const Notes = Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }));
const Details = Type.Object(
  {
    steps: Type.Array(StepRecord, { maxItems: MAX_FORWARDED_STEPS }),
    final_url: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
    console_errors: Notes,
    failed_requests: Notes,
    screenshot: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'Ignored' }))),
    trace: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'Ignored' }))),
  },
  { additionalProperties: false },
);
// base64 of PROBE_EVIDENCE_MAX_KB at its highest (2 MB).
const Base64File = (description: string) =>
  Type.Optional(Type.String({ maxLength: 2_800_000, pattern: '^[A-Za-z0-9+/]*={0,2}$', description }));

const Result = Type.Object(
  {
    monitor_id: Type.Integer({ minimum: 1 }),
    checked_at: Type.Integer({ minimum: 0, description: 'The probe’s clock, epoch ms' }),
    status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    response_time_ms: Nullable(Type.Integer({ minimum: 0 })),
    status_code: Nullable(Type.Integer()),
    error: Nullable(Type.String({ maxLength: 2000 })),
    tls_days_left: Nullable(Type.Integer()),
    details: Type.Optional(Details),
    evidence: Type.Optional(
      Type.Object(
        {
          screenshot: Base64File('A failed browser check’s screenshot (PNG), base64'),
          trace: Base64File('Its Playwright trace (zip), base64'),
        },
        { additionalProperties: false },
      ),
    ),
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
