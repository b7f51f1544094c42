import { Type } from 'typebox';
import { IsoDateTime } from '../../platform/http/schemas.js';

// The documented form of PublicStatusPage (src/status-pages/public-view.ts): names and states only.
const NullablePercent = Type.Union([Type.Number(), Type.Null()]);
const Day = Type.Object({
  date: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
  uptime_percent: Type.Union([Type.Number(), Type.Null()], { description: 'Null: no checks that day' }),
  maintenance: Type.Boolean(),
});
const Monitor = Type.Object({
  key: Type.String({ description: 'Position on the page (s{section}-m{index}), not an id' }),
  name: Type.String(),
  state: Type.Union([
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('down'),
    Type.Literal('maintenance'),
    Type.Literal('paused'),
    Type.Literal('unknown', { description: 'Not checked yet' }),
  ]),
  uptime_percent: NullablePercent,
  days: Type.Array(Day, { description: 'uptime_days entries, oldest first, ending today (UTC)' }),
});
const IncidentUpdate = Type.Object({
  status: Type.Union([
    Type.Literal('investigating'),
    Type.Literal('identified'),
    Type.Literal('monitoring'),
    Type.Literal('resolved'),
  ]),
  message: Type.String(),
  at: IsoDateTime,
});
const Incident = Type.Object({
  id: Type.Integer(),
  affected: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('open'), Type.Literal('acknowledged'), Type.Literal('resolved')]),
  started_at: IsoDateTime,
  resolved_at: Type.Union([IsoDateTime, Type.Null()]),
  updates: Type.Array(IncidentUpdate, { description: 'Newest first' }),
  postmortem: Type.Union([Type.String(), Type.Null()]),
});
const Maintenance = Type.Object({
  key: Type.String(),
  name: Type.String(),
  starts_at: IsoDateTime,
  ends_at: Type.Union([IsoDateTime, Type.Null()]),
  active: Type.Boolean(),
  affected: Type.Array(Type.String()),
});

export const PublicStatusPageSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  footer: Type.Union([Type.String(), Type.Null()]),
  uptime_days: Type.Union([Type.Literal(30), Type.Literal(60), Type.Literal(90), Type.Literal(365)]),
  overall: Type.Union(
    [
      Type.Literal('operational'),
      Type.Literal('degraded'),
      Type.Literal('partial_outage'),
      Type.Literal('major_outage'),
      Type.Literal('maintenance'),
    ],
    { description: 'See docs/status-pages.md for the rules' },
  ),
  sections: Type.Array(Type.Object({ name: Type.String(), monitors: Type.Array(Monitor) })),
  incidents: Type.Array(Incident, { description: 'Open ones, then those resolved in the last 7 days' }),
  maintenance: Type.Array(Maintenance, { description: 'In effect, or starting within 7 days' }),
  updated_at: IsoDateTime,
});

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });
