import { Type } from 'typebox';

// The answer's shape is shared with the web UI.
export { Page } from '../../shared-types/result-page.js';

export const PageQuery = Type.Object(
  {
    sort: Type.Optional(
      Type.String({ maxLength: 40, description: 'A column name of the level (default path).' }),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    path: Type.Optional(
      Type.String({ maxLength: 500, description: 'Case-insensitive substring of the path.' }),
    ),
    path_prefix: Type.Optional(
      Type.String({ maxLength: 500, description: 'Only rows whose path starts with this (case-sensitive).' }),
    ),
    rank: Type.Optional(
      Type.String({
        pattern: '^[A-Fa-f](,[A-Fa-f])*$',
        maxLength: 11,
        description: 'Comma-separated complexity ranks to keep (classes and functions), e.g. `D,E,F`.',
      }),
    ),
    name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Case-insensitive substring of the class or function name.',
      }),
    ),
    metric: Type.Optional(
      Type.String({ maxLength: 40, description: 'Numeric column that min and max bound.' }),
    ),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
