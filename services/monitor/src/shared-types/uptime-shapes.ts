// A monitor's uptime figures and roll-up buckets as GET /api/monitors/{id}/uptime and /rollups answer them.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
export const UptimeWindow = Type.Object({
  checks: Type.Integer(),
  up_checks: Type.Integer(),
  uptime_percent: NullableNumber,
  avg_response_time_ms: NullableNumber,
  p95_response_time_ms: NullableNumber,
});
export const UptimeFigures = Type.Object({
  monitor_id: Type.Integer(),
  '24h': UptimeWindow,
  '7d': UptimeWindow,
  '30d': UptimeWindow,
  '365d': UptimeWindow,
});
export const RollupBucket = Type.Object({
  at: IsoDateTime,
  checks: Type.Integer(),
  up_checks: Type.Integer(),
  avg_response_time_ms: NullableNumber,
  p95_response_time_ms: NullableNumber,
});

export type UptimeWindow = Static<typeof UptimeWindow>;
export type UptimeFigures = Static<typeof UptimeFigures>;
export type RollupBucket = Static<typeof RollupBucket>;
