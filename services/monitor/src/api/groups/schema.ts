import { Type } from 'typebox';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Status = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('down'),
    Type.Literal('paused'),
    Type.Literal('maintenance'),
    Type.Null(),
  ],
  {
    description:
      'Worst of the checked monitors at any depth (down > degraded > pending > up); paused when all are paused, maintenance when all are in maintenance or paused; null when empty',
  },
);

/** POST and PUT (a full replacement: an omitted parent means the top level). */
export const GroupBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique among its siblings' }),
    parent_id: Type.Optional(nullable(Type.Integer({ minimum: 1, description: 'null: top level' }))),
    sort_order: Type.Optional(
      Type.Integer({ minimum: -1000000, maximum: 1000000, description: 'Lower first' }),
    ),
    escalation_policy_id: Type.Optional(
      nullable(Type.Integer({ minimum: 1, description: 'Used by members without their own policy' })),
    ),
  },
  { additionalProperties: false },
);

export const Group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: nullable(Type.Integer()),
  path: Type.Array(Type.String(), { description: 'Names from the top-level group down to this one' }),
  sort_order: Type.Integer(),
  escalation_policy_id: nullable(Type.Integer()),
  member_count: Type.Integer({ description: 'Monitors directly in this group' }),
  monitor_count: Type.Integer({ description: 'Monitors in this group and every group below it' }),
  status: Status,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
