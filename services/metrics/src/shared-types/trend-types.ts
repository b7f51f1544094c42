// Shapes of the trend answers (typebox schemas the routes use), shared by the service and the web UI,
// which imports the types only.
import { type Static, Type } from 'typebox';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Str = Type.Union([Type.String(), Type.Null()]);
const Iso = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Where a point of a trend comes from (commit_date: the committer date, null for runs from before it
 * was recorded, which are placed by created_at). */
const Run = {
  id: Type.Integer(),
  commit_sha: Type.String(),
  commit_date: Iso,
  created_at: Type.String({ format: 'date-time' }),
};

/** One commit of a repository trend: the newest finished run of that commit in its series. */
export const TrendPoint = Type.Object({
  ...Run,
  // The series (branch, tag or commit asked for) the point belongs to.
  series: Type.String(),
  ref_used: Str,
  branch: Str,
  ref: Str,
  finished_at: Iso,
  // Set when the point was measured by a history run (that run's id).
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
  // Present when the run measured under other settings than the point before it in its series (other
  // exclusions, tests in or out, pylint or bandit on or off): one sentence per difference, so a drop
  // in files or lines there is read as a change of settings, not of code.
  settings_changed: Type.Optional(Type.Array(Type.String())),
  // Code health (issue 35; null for runs from before and what a run did not measure).
  coverage: Num,
  new_coverage: Num,
  cycles: Num,
  contracts: Num,
  typed: Num,
  documented: Num,
  security_findings: Num,
  health: Num,
});

export const FilePoint = Type.Object({
  ...Run,
  // The file's path at that commit (an older name across a rename).
  path: Type.String(),
  loc: Num,
  sloc: Num,
  functions: Num,
  cc_total: Num,
  cc_avg: Num,
  cc_max: Num,
  mi: Num,
});

export const FunctionPoint = Type.Object({
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

export type TrendPoint = Static<typeof TrendPoint>;
export type FileTrendPoint = Static<typeof FilePoint>;
export type FunctionTrendPoint = Static<typeof FunctionPoint>;
/** Where a point of a file or function trend comes from. */
export type PointRun = Pick<TrendPoint, 'id' | 'commit_sha' | 'commit_date' | 'created_at'>;

export interface Series<P> {
  ref: string;
  points: P[];
}

/** `ref`: the one asked for, or null for every series. */
export type TrendResponse = Static<typeof TrendResponse>;
export type FileTrendResponse = Static<typeof FileTrendResponse>;
export type FunctionTrendResponse = Static<typeof FunctionTrendResponse>;
