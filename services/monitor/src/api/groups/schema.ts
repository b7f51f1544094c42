import { Type } from 'typebox';

// The answer's shape is shared with the web UI.
export { Group } from '../../shared-types/group-shapes.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

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
