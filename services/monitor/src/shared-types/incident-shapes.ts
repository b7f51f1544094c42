// Incidents and their public updates as the incidents API answers them.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

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
  severity: Type.Union([Type.Literal('major'), Type.Literal('minor')], {
    description: 'minor: opened for a degraded monitor (slower than degraded_response_ms); major: down',
  }),
  started_at: IsoDateTime,
  resolved_at: Nullable(IsoDateTime),
  duration_seconds: Type.Integer({ description: 'Whole outage once resolved; so far while it lasts' }),
  root_cause: Nullable(Type.String()),
  acknowledged_by: Nullable(Type.String({ description: 'Username of who acknowledged it' })),
  acknowledged_at: Nullable(IsoDateTime),
  resolved_by: Nullable(
    Type.String({ description: 'Username of the admin who resolved it by hand; null when a check did' }),
  ),
  postmortem: Nullable(Type.String()),
  locations: Type.Array(Type.String(), {
    description:
      'Check locations that saw the monitor down (issue 13); empty for a monitor checked from here only',
  }),
});
export const UpdateStatusSchema = Type.Union([
  Type.Literal('investigating'),
  Type.Literal('identified'),
  Type.Literal('monitoring'),
  Type.Literal('resolved'),
]);
export const IncidentUpdate = Type.Object({
  id: Type.Integer(),
  status: UpdateStatusSchema,
  message: Type.String(),
  author: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  author_name: Nullable(Type.String()),
  created_at: IsoDateTime,
});
export const IncidentDetail = Type.Object({
  ...Incident.properties,
  updates: Type.Array(IncidentUpdate, { description: 'The public timeline, oldest first' }),
  affected: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), {
    description: 'Dependants that went down with this incident’s monitor (depends_on), in the order they did',
  }),
});

export type IncidentStatus = Static<typeof IncidentStatusSchema>;
export type Incident = Static<typeof Incident>;
export type IncidentUpdateStatus = Static<typeof UpdateStatusSchema>;
export type IncidentUpdate = Static<typeof IncidentUpdate>;
export type IncidentDetail = Static<typeof IncidentDetail>;
