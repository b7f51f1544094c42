// An escalation policy as GET /api/escalation-policies answers it (issue 14).
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

export const EscalationStep = Type.Object(
  {
    after_minutes: Type.Number({
      minimum: 0,
      maximum: 10080,
      description:
        'Minutes after the incident opened (fractions allowed: 0.5 = 30 s); strictly increasing across steps',
    }),
    channel_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 50,
      description:
        'Channels told at this step (event monitor.escalated); a step names at least one channel, user or schedule',
    }),
    user_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        maxItems: 50,
        description: 'People paged at this step, through their verified contact methods (issue 33)',
      }),
    ),
    schedule_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        maxItems: 20,
        description: 'On-call schedules: whoever is on call when the step is due is paged',
      }),
    ),
  },
  { additionalProperties: false },
);
export const EscalationRepeat = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 100 })], {
  description:
    'false (or 0): run the steps once; N: run them N more times; true: until the incident is acknowledged or resolved',
});
export const EscalationPolicy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  steps: Type.Array(EscalationStep),
  repeat: EscalationRepeat,
  monitor_count: Type.Integer({ description: 'Monitors that name this policy themselves' }),
  group_count: Type.Integer({
    description: 'Groups that name this policy (their members without one use it)',
  }),
  config_key: ConfigKey,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export type EscalationStep = Static<typeof EscalationStep>;
export type EscalationPolicy = Static<typeof EscalationPolicy>;
