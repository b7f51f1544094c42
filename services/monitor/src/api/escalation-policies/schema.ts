import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';

const Step = Type.Object(
  {
    after_minutes: Type.Number({
      minimum: 0,
      maximum: 10080,
      description:
        'Minutes after the incident opened (fractions allowed: 0.5 = 30 s); strictly increasing across steps',
    }),
    channel_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 50,
      description: 'Channels told at this step (event monitor.escalated)',
    }),
  },
  { additionalProperties: false },
);

const Repeat = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 100 })], {
  description:
    'false (or 0): run the steps once; N: run them N more times; true: until the incident is acknowledged or resolved',
});

export const PolicyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    steps: Type.Array(Step, { minItems: 1, maxItems: 20 }),
    repeat: Type.Optional(Repeat),
  },
  { additionalProperties: false },
);

export const Policy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  steps: Type.Array(Step),
  repeat: Repeat,
  monitor_count: Type.Integer({ description: 'Monitors that name this policy themselves' }),
  group_count: Type.Integer({
    description: 'Groups that name this policy (their members without one use it)',
  }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
