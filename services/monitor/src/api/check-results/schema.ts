import { Type } from 'typebox';

// The answer's shape is shared with the web UI.
export { CheckResult } from '../../shared-types/check-result-shape.js';

export const CheckResultsQuery = Type.Object(
  {
    monitor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    location: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only the results of this location (`local`: the central instance)',
      }),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Results at or after (ISO 8601)' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Results at or before (ISO 8601)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Default 100; more than 1000 is capped' })),
    cursor: Type.Optional(
      Type.String({ pattern: '^\\d+\\.\\d+$', description: 'Page cursor from the Link header' }),
    ),
  },
  { additionalProperties: false },
);
