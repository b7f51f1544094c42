import { Type } from 'typebox';

// The answers' shapes are shared with the web UI.
export { CompareResponse, NewCodeResponse } from '../../shared-types/compare-types.js';

export const CompareParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'The base run.' }),
  other_id: Type.Integer({ minimum: 1, description: 'The head run: deltas are head − base.' }),
});

export const CompareQuery = Type.Object(
  {
    unchanged: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'List unchanged files and functions too (always counted).',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 5000, default: 500, description: 'Most rows of each list.' }),
    ),
  },
  { additionalProperties: false },
);

export const NewCodeQuery = Type.Object(
  {
    base: Type.String({
      minLength: 1,
      maxLength: 40,
      description:
        'A run id (digits only) or a commit sha (7 to 40 hex digits) of a finished run of the repository.',
    }),
  },
  { additionalProperties: false },
);
