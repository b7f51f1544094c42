import { Type } from 'typebox';
import { FILE_DELTA_KEYS, FUNCTION_DELTA_KEYS, SUMMARY_DELTA_KEYS } from '../../compare/compare-types.js';

// The shapes of src/compare/compare-types.ts (the web UI imports those types).

const Num = Type.Union([Type.Number(), Type.Null()]);
const Str = Type.Union([Type.String(), Type.Null()]);

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

const RunRef = Type.Object({
  id: Type.Integer(),
  commit_sha: Str,
  commit_date: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ref: Str,
  created_at: Type.String({ format: 'date-time' }),
});

const Change = Type.Union([
  Type.Literal('added'),
  Type.Literal('removed'),
  Type.Literal('worse'),
  Type.Literal('better'),
  Type.Literal('unchanged'),
]);
const valuesOf = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Optional(Num)])));
const FileValues = valuesOf(FILE_DELTA_KEYS);
const FnValues = valuesOf(FUNCTION_DELTA_KEYS);
const Counts = Type.Object(
  Object.fromEntries(['added', 'removed', 'worse', 'better', 'unchanged'].map((c) => [c, Type.Integer()])),
);

export const CompareResponse = Type.Object({
  base: RunRef,
  head: RunRef,
  summary: Type.Object(
    Object.fromEntries(
      SUMMARY_DELTA_KEYS.map((k) => [k, Type.Optional(Type.Object({ base: Num, head: Num, delta: Num }))]),
    ),
  ),
  counts: Type.Object({ files: Counts, functions: Counts }),
  files: Type.Array(
    Type.Object({
      path: Type.String(),
      old_path: Str,
      change: Change,
      base: Type.Union([FileValues, Type.Null()]),
      head: Type.Union([FileValues, Type.Null()]),
      deltas: FileValues,
      magnitude: Type.Number(),
    }),
  ),
  functions: Type.Array(
    Type.Object({
      path: Type.String(),
      class_name: Type.String(),
      name: Type.String(),
      old_name: Str,
      change: Change,
      base: Type.Union([FnValues, Type.Null()]),
      head: Type.Union([FnValues, Type.Null()]),
      deltas: FnValues,
      magnitude: Type.Number(),
    }),
  ),
  truncated: Type.Object({ files: Type.Boolean(), functions: Type.Boolean() }),
});

const NewKind = Type.Union([Type.Literal('added'), Type.Literal('changed')]);

export const NewCodeResponse = Type.Object({
  base: RunRef,
  head: RunRef,
  basis: Type.Union([Type.Literal('content'), Type.Literal('metrics'), Type.Literal('mixed')]),
  files: Type.Array(Type.Object({ path: Type.String(), old_path: Str, change: NewKind })),
  functions: Type.Array(
    Type.Object({
      path: Type.String(),
      class_name: Type.String(),
      name: Type.String(),
      old_name: Str,
      lineno: Type.Integer(),
      endline: Type.Integer(),
      complexity: Type.Integer(),
      cognitive: Type.Integer(),
      change: NewKind,
    }),
  ),
});
