import { Type } from 'typebox';

// The shapes of src/trends/trend-types.ts (the web UI imports those types).

const Num = Type.Union([Type.Number(), Type.Null()]);
const Str = Type.Union([Type.String(), Type.Null()]);
const Iso = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

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

const Run = {
  id: Type.Integer(),
  commit_sha: Type.String(),
  commit_date: Iso,
  created_at: Type.String({ format: 'date-time' }),
};

const TrendPoint = Type.Object({
  ...Run,
  series: Type.String(),
  ref_used: Str,
  branch: Str,
  ref: Str,
  finished_at: Iso,
  history_parent_id: Type.Union([Type.Integer(), Type.Null()]),
  files: Type.Integer(),
  classes: Type.Integer(),
  functions: Type.Integer(),
  loc: Type.Integer(),
  sloc: Type.Integer(),
  cc_avg: Num,
  cc_max: Num,
  mi_avg: Num,
  pylint_avg: Num,
  parse_errors: Type.Integer(),
  duplicated_lines_pct: Num,
});

const FilePoint = Type.Object({
  ...Run,
  path: Type.String(),
  loc: Num,
  sloc: Num,
  functions: Num,
  cc_total: Num,
  cc_avg: Num,
  cc_max: Num,
  mi: Num,
});

const FunctionPoint = Type.Object({
  ...Run,
  path: Type.String(),
  lineno: Type.Integer(),
  endline: Type.Integer(),
  complexity: Type.Integer(),
  cognitive: Type.Integer(),
  nloc: Type.Integer(),
  params: Type.Integer(),
});

const SeriesOf = <T extends typeof TrendPoint | typeof FilePoint | typeof FunctionPoint>(p: T) =>
  Type.Array(Type.Object({ ref: Type.String(), points: Type.Array(p) }));

export const TrendResponse = Type.Object({ ref: Str, series: SeriesOf(TrendPoint) });
export const FileTrendResponse = Type.Object({ path: Type.String(), ref: Str, series: SeriesOf(FilePoint) });
export const FunctionTrendResponse = Type.Object({
  path: Type.String(),
  class_name: Type.String(),
  name: Type.String(),
  ref: Str,
  series: SeriesOf(FunctionPoint),
});
