// What a run left out and which linters it ran, as compare and trend report it when two runs differ
// (a file one run excluded is then neither added nor removed). Shared with the web UI.
import { type Static, Type } from 'typebox';

const OnOff = Type.Union([Type.Boolean(), Type.Null()]);

/** One run's settings that change what it measures. */
export const RunSettingsView = Type.Object({
  /** The request's exclude globs. */
  exclude: Type.Array(Type.String()),
  /** The repository's [tool.pyscan] exclude globs. */
  repository_exclude: Type.Array(Type.String()),
  /** Whether test files were left out (SKIP_TEST_FILES, or the repository's include_tests). */
  skip_tests: Type.Boolean(),
  /** pylint ran; null when the run does not record it. */
  pylint: OnOff,
  /** bandit ran; null for runs from before it was recorded. */
  bandit: OnOff,
});
export type RunSettingsView = Static<typeof RunSettingsView>;

/** A file only one of two runs measured because the other run's settings left it out. */
export const ExcludedFile = Type.Object({
  path: Type.String(),
  /** The run that measured it. */
  measured_by: Type.Union([Type.Literal('base'), Type.Literal('head')]),
  /** Why the other run left it out: `exclude <glob>`, `[tool.pyscan] exclude <glob>` or `test file`. */
  reason: Type.String(),
});
export type ExcludedFile = Static<typeof ExcludedFile>;

/** Two runs' settings side by side. */
export const SettingsComparison = Type.Object({
  base: RunSettingsView,
  head: RunSettingsView,
  /** One sentence per difference; empty when both runs measured under the same settings. */
  differences: Type.Array(Type.String()),
  /** Files counted neither as added nor as removed (their functions neither). */
  excluded_files: Type.Array(ExcludedFile),
});
export type SettingsComparison = Static<typeof SettingsComparison>;
