import { Type } from 'typebox';

// The answers' shapes are shared with the web UI.
export {
  FileTrendResponse,
  FunctionTrendResponse,
  TrendResponse,
} from '../../shared-types/trend-types.js';

export const OwnerRepo = Type.Object({
  owner: Type.String({ maxLength: 100 }),
  repo: Type.String({ maxLength: 100 }),
});

const Ref = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 250,
    description: 'Only the series of this branch, tag or commit (as the runs asked for it).',
  }),
);
const Limit = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'The newest points of each series.' }),
);

export const TrendQuery = Type.Object({ ref: Ref, limit: Limit }, { additionalProperties: false });
export const FileTrendQuery = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 1000 }), ref: Ref, limit: Limit },
  { additionalProperties: false },
);
export const FunctionTrendQuery = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 1000 }),
    class_name: Type.Optional(
      Type.String({
        maxLength: 500,
        default: '',
        description: 'Empty (the default) for a module-level function.',
      }),
    ),
    name: Type.String({ minLength: 1, maxLength: 500 }),
    ref: Ref,
    limit: Limit,
  },
  { additionalProperties: false },
);
