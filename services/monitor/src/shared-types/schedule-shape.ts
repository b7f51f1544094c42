// On-call schedules as /api/schedules answers them (issue 33).
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

const LocalDateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
  description: "Wall-clock time in the schedule's time zone, YYYY-MM-DDTHH:MM",
});

export const ScheduleLayer = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    members: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 100,
      description: 'User ids in rotation order; the first is on call from start',
    }),
    rotation_length: Type.Integer({ minimum: 1, maximum: 1000 }),
    rotation_unit: Type.Union([Type.Literal('hours'), Type.Literal('days'), Type.Literal('weeks')]),
    start: {
      ...LocalDateTime,
      description: 'The first hand-off (local); its time of day is the hand-off time',
    },
    end: Type.Optional(Type.Union([LocalDateTime, Type.Null()])),
  },
  { additionalProperties: false },
);

export const Schedule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  time_zone: Type.String({ description: 'IANA time zone of the layers’ start, end and hand-offs' }),
  layers: Type.Array(ScheduleLayer, { description: 'Lowest first: a later layer wins where it has someone' }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const ScheduleOverride = Type.Object({
  id: Type.Integer(),
  schedule_id: Type.Integer(),
  user_id: Type.Integer(),
  username: Type.Union([Type.String(), Type.Null()]),
  starts_at: IsoDateTime,
  ends_at: IsoDateTime,
});

const Source = Type.Union([
  Type.Object({ kind: Type.Literal('override'), override_id: Type.Integer() }),
  Type.Object({ kind: Type.Literal('layer'), layer: Type.Integer(), name: Type.String() }),
  Type.Null(),
]);

export const OnCallNow = Type.Object({
  schedule_id: Type.Integer(),
  at: IsoDateTime,
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  source: Source,
  since: Type.Union([IsoDateTime, Type.Null()]),
  until: Type.Union([IsoDateTime, Type.Null()]),
});

export const TimelineEntry = Type.Object({
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  source: Source,
  from: IsoDateTime,
  to: IsoDateTime,
});

export type ScheduleLayer = Static<typeof ScheduleLayer>;
export type Schedule = Static<typeof Schedule>;
export type ScheduleOverride = Static<typeof ScheduleOverride>;
export type OnCallNow = Static<typeof OnCallNow>;
export type TimelineEntry = Static<typeof TimelineEntry>;
