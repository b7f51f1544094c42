import { Type } from 'typebox';

const nullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const CheckResult = Type.Object({
  id: Type.Integer(),
  monitor_id: Type.Integer(),
  checked_at: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  response_time_ms: nullableInt,
  status_code: nullableInt,
  error: Type.Union([Type.String(), Type.Null()]),
  tls_days_left: nullableInt,
  location_id: Type.String({ description: 'Where the check ran (`local`: the central instance)' }),
});

export const CheckResultsQuery = Type.Object(
  {
    monitor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    location: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only the results of this location (`local`: the central instance)',
      }),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Results at or after (ISO 8601)' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Results at or before (ISO 8601)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Default 100; more than 1000 is capped' })),
    cursor: Type.Optional(
      Type.String({ pattern: '^\\d+\\.\\d+$', description: 'Page cursor from the Link header' }),
    ),
  },
  { additionalProperties: false },
);
