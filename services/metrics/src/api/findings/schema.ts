import { Type } from 'typebox';
import { FINDING_CATEGORIES } from '../../findings/finding.js';

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

const Nullable = <T extends ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);

export const FindingSchema = Type.Object({
  path: Type.String(),
  line: Type.Integer({ description: '1-based, as pylint reports it.' }),
  column: Type.Integer({ description: '0-based, as pylint reports it.' }),
  end_line: Nullable(Type.Integer()),
  end_column: Nullable(Type.Integer()),
  category: Type.String(),
  symbol: Type.String(),
  message_id: Type.String(),
  message: Type.String(),
});

export const FindingsPage = Type.Object({
  items: Type.Array(FindingSchema),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
});

export const RulesResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      symbol: Type.String(),
      message_id: Type.String(),
      category: Type.String(),
      count: Type.Integer(),
    }),
  ),
  total: Type.Integer({ description: 'Findings under the filters.' }),
});

export const SourceQuery = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 1000, description: 'The file, as the run names it.' }) },
  { additionalProperties: false },
);

const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

export const SourceResponse = Type.Object({
  path: Type.String(),
  status: Type.Union([
    Type.Literal('stored'),
    Type.Literal('file_cap'),
    Type.Literal('run_cap'),
    Type.Literal('unreadable'),
    Type.Literal('not_stored'),
  ]),
  size: NumOrNull,
  text: Type.Union([Type.String(), Type.Null()]),
  functions: Type.Array(
    Type.Object({
      name: Type.String(),
      class: Type.String(),
      lineno: Type.Integer(),
      endline: Type.Integer(),
      complexity: Type.Integer(),
      cognitive: Type.Integer(),
      rank: Type.String(),
    }),
  ),
  findings: Type.Array(FindingSchema),
  findings_total: Type.Integer(),
  pylint: Type.Object({
    score: NumOrNull,
    statements: NumOrNull,
    convention: NumOrNull,
    refactor: NumOrNull,
    warning: NumOrNull,
    error: NumOrNull,
    fatal: NumOrNull,
  }),
});
