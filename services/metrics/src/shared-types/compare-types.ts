// Shapes of the compare and new-code answers: the typebox schemas the routes use and the types the
// service builds and the web UI reads (it imports the types only).
import { type Static, Type } from 'typebox';
import { SettingsComparison } from './run-settings-shape.js';

/** One side of a comparison. */
export interface RunRef {
  id: number;
  commit_sha: string | null;
  /** ISO 8601; null for runs from before commit dates were recorded. */
  commit_date: string | null;
  ref: string | null;
  created_at: string;
}

export type ChangeKind = 'added' | 'removed' | 'worse' | 'better' | 'unchanged';

/** The file metrics a comparison reports and their deltas (head − base). */
export const FILE_DELTA_KEYS = [
  'cc_total',
  'cc_avg',
  'cc_max',
  'mi',
  'loc',
  'sloc',
  'functions',
  'pylint_score',
] as const;
export type FileDeltaKey = (typeof FILE_DELTA_KEYS)[number];

/** The function metrics a comparison reports: `cc` is the cyclomatic complexity, `sloc` its nloc. */
export const FUNCTION_DELTA_KEYS = ['cc', 'cognitive', 'sloc'] as const;
export type FunctionDeltaKey = (typeof FUNCTION_DELTA_KEYS)[number];

/** The summary numbers the KPI cards show, compared. */
export const SUMMARY_DELTA_KEYS = [
  'files',
  'classes',
  'functions',
  'loc',
  'sloc',
  'cc_avg',
  'cc_max',
  'mi_avg',
  'pylint_avg',
  'parse_errors',
  'duplicated_lines_pct',
  'coverage',
  'new_coverage',
  'cycles',
  'contracts',
  'typed',
  'documented',
  'security_findings',
  'health',
] as const;
export type SummaryDeltaKey = (typeof SUMMARY_DELTA_KEYS)[number];

export type Values<K extends string> = Partial<Record<K, number | null>>;

export interface FileChange {
  path: string;
  /** The base's path of a renamed file; null otherwise. */
  old_path: string | null;
  change: ChangeKind;
  base: Values<FileDeltaKey> | null;
  head: Values<FileDeltaKey> | null;
  /** head − base, only for metrics both sides have. */
  deltas: Values<FileDeltaKey>;
  magnitude: number;
}

export interface FunctionChange {
  path: string;
  class_name: string;
  name: string;
  /** The base's name of a function renamed with an unchanged body; null otherwise. */
  old_name: string | null;
  change: ChangeKind;
  base: Values<FunctionDeltaKey> | null;
  head: Values<FunctionDeltaKey> | null;
  deltas: Values<FunctionDeltaKey>;
  magnitude: number;
}

export type ChangeCounts = Record<ChangeKind, number>;

export interface CompareResponse {
  base: RunRef;
  head: RunRef;
  summary: Partial<
    Record<SummaryDeltaKey, { base: number | null; head: number | null; delta: number | null }>
  >;
  counts: { files: ChangeCounts; functions: ChangeCounts };
  files: FileChange[];
  functions: FunctionChange[];
  /** Whether rows were left out: unchanged ones (unless asked for) or those past `limit`. */
  truncated: { files: boolean; functions: boolean };
  /** Both runs' settings, what differs, and the files only one measured because of them. */
  settings: SettingsComparison;
}

const Num = Type.Union([Type.Number(), Type.Null()]);
const Str = Type.Union([Type.String(), Type.Null()]);

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

// The schema's summary, values and counts are built from the key lists, so it types them loosely; the
// interface above is the precise type, checked below to fit the schema.
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
  settings: SettingsComparison,
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
      health: Type.Union([Type.Number(), Type.Null()], {
        description: "The head's stored health score (1-10); null for runs from before it was stored.",
      }),
      health_decline: Type.Union([Type.Number(), Type.Null()], {
        description:
          'How much the structural score (complexity, cognitive, nesting, length, parameters) dropped since the base; null for an added function.',
      }),
    }),
  ),
  new_coverage: Type.Union(
    [
      Type.Object({
        base_id: Type.Integer(),
        lines: Type.Integer(),
        covered: Type.Integer(),
        pct: Type.Union([Type.Number(), Type.Null()]),
        files_unknown: Type.Array(Type.String()),
      }),
      Type.Null(),
    ],
    {
      description:
        "New-code coverage of the head's uploaded coverage report, when it was measured against this base; else null.",
    },
  ),
});

// Fails to compile when the interface and the schema part (a field the schema does not allow).
type Fits<A, B> = [A] extends [B] ? true : never;
export const compareResponseFitsSchema: Fits<CompareResponse, Static<typeof CompareResponse>> = true;

export type NewCodeResponse = Static<typeof NewCodeResponse>;
export type NewCodeFile = NewCodeResponse['files'][number];
export type NewCodeFunction = NewCodeResponse['functions'][number];
export type NewCodeKind = NewCodeFile['change'];
