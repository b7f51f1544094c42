import { Type } from 'typebox';
import { FINDING_CATEGORIES } from '../../shared-types/finding-shape.js';

// The answers' shapes are shared with the web UI.
export {
  FindingSchema,
  FindingsPage,
  RulesResponse,
  SourceResponse,
} from '../../shared-types/finding-shape.js';

const Filters = {
  category: Type.Optional(
    Type.Union(
      FINDING_CATEGORIES.map((c) => Type.Literal(c)),
      { description: 'Pylint category.' },
    ),
  ),
  symbol: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Rule symbol, e.g. unused-import.' }),
  ),
  path: Type.Optional(
    Type.String({ maxLength: 1000, description: 'Paths that start with this (case-sensitive).' }),
  ),
  file: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'Exactly this path.' })),
};

export const FindingsQuery = Type.Object(
  {
    ...Filters,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);

export const RulesQuery = Type.Object(Filters, { additionalProperties: false });

export const SourceQuery = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 1000, description: 'The file, as the run names it.' }) },
  { additionalProperties: false },
);
