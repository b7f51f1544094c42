import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
export const IncidentStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('acknowledged'),
  Type.Literal('resolved'),
]);

export const Incident = Type.Object({
  id: Type.Integer(),
  monitor_id: Type.Integer(),
  status: IncidentStatusSchema,
  started_at: IsoDateTime,
  resolved_at: Nullable(IsoDateTime),
  duration_seconds: Type.Integer({ description: 'Whole outage once resolved; so far while it lasts' }),
  root_cause: Nullable(Type.String()),
  acknowledged_by: Nullable(Type.String()),
  acknowledged_at: Nullable(IsoDateTime),
});

export const IncidentsQuery = Type.Object(
  {
    monitor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(IncidentStatusSchema),
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
    before_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Page cursor: incidents older than this id' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 100 })),
  },
  { additionalProperties: false },
);
