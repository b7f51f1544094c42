import { Type } from 'typebox';
import { ScheduleLayer } from '../../shared-types/schedule-shape.js';

// The answers' shapes are shared with the web UI.
export {
  OnCallNow,
  Schedule,
  ScheduleOverride,
  TimelineEntry,
} from '../../shared-types/schedule-shape.js';

export const ScheduleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    time_zone: Type.String({ minLength: 1, maxLength: 64 }),
    layers: Type.Array(ScheduleLayer, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);

export const OverrideBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    starts_at: Type.String({ format: 'date-time' }),
    ends_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const AtQuery = Type.Object(
  { at: Type.Optional(Type.String({ format: 'date-time', description: 'The instant; now by default' })) },
  { additionalProperties: false },
);

export const RangeQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Now by default' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Two weeks after from by default' })),
  },
  { additionalProperties: false },
);

export const OverrideParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  overrideId: Type.Integer({ minimum: 1 }),
});
