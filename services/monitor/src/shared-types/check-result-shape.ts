// One stored check result as GET /api/check-results answers it.
import { type Static, Type } from 'typebox';
import { CheckDetails } from './journey-shapes.js';

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
  details: Type.Optional(
    Type.Union([CheckDetails, Type.Null()], {
      description: 'multistep and browser checks: per-step outcomes',
    }),
  ),
});

export type CheckResult = Static<typeof CheckResult>;
