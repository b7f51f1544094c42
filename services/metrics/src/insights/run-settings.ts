// A run's settings as compare and trend read them, and what two runs' settings differ in: a file the
// earlier run excluded is not new code, and pylint's average of a run without pylint is no decline.
import { compileGlobs } from '@app/pyscan/config';
import { isTestPath } from '../pipeline/discovery/test-paths.js';
import type { RunSettingsView } from '../shared-types/run-settings-shape.js';

interface StoredSettings {
  pylint?: boolean;
  bandit?: boolean;
  skip_test_files?: boolean;
  exclude?: string[];
  repository_config?: { exclude?: string[]; include_tests?: boolean | null } | null;
}

/** The view of a run's stored settings (JSON text, as the analyses table keeps it). */
export function settingsView(stored: string | Record<string, unknown>): RunSettingsView {
  const s = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredSettings;
  const repo = s.repository_config ?? null;
  const includeTests = repo?.include_tests ?? null;
  return {
    exclude: [...(s.exclude ?? [])].sort(),
    repository_exclude: [...(repo?.exclude ?? [])].sort(),
    // The repository's include_tests wins over SKIP_TEST_FILES (discover-stage).
    skip_tests: includeTests === null ? s.skip_test_files !== false : !includeTests,
    pylint: typeof s.pylint === 'boolean' ? s.pylint : null,
    bandit: typeof s.bandit === 'boolean' ? s.bandit : null,
  };
}

const list = (globs: string[]) => (globs.length === 0 ? 'none' : globs.join(', '));
const onOff = (v: boolean | null) => (v === null ? 'not recorded' : v ? 'on' : 'off');

/** What differs between two runs' settings, one sentence each (empty: the same). */
export function settingsDifferences(
  a: RunSettingsView,
  b: RunSettingsView,
  names: [string, string],
): string[] {
  const out: string[] = [];
  const [na, nb] = names;
  if (list(a.exclude) !== list(b.exclude))
    out.push(`exclude globs: ${na} ${list(a.exclude)}, ${nb} ${list(b.exclude)}`);
  if (list(a.repository_exclude) !== list(b.repository_exclude))
    out.push(
      `[tool.pyscan] exclude: ${na} ${list(a.repository_exclude)}, ${nb} ${list(b.repository_exclude)}`,
    );
  if (a.skip_tests !== b.skip_tests)
    out.push(
      `test files: ${na} ${a.skip_tests ? 'left out' : 'measured'}, ${nb} ${b.skip_tests ? 'left out' : 'measured'}`,
    );
  // A run that does not record a linter is not known to differ.
  for (const tool of ['pylint', 'bandit'] as const) {
    if (a[tool] !== null && b[tool] !== null && a[tool] !== b[tool])
      out.push(`${tool}: ${na} ${onOff(a[tool])}, ${nb} ${onOff(b[tool])}`);
  }
  return out;
}

/** Why a run with settings `s` leaves `path` out, or null when it measures it. */
export function exclusionReason(s: RunSettingsView): (path: string) => string | null {
  const request = s.exclude.map((g) => [g, compileGlobs([g])] as const);
  const repo = s.repository_exclude.map((g) => [g, compileGlobs([g])] as const);
  return (path) => {
    for (const [g, m] of repo) if (m(path)) return `[tool.pyscan] exclude ${g}`;
    for (const [g, m] of request) if (m(path)) return `exclude ${g}`;
    if (s.skip_tests && isTestPath(path)) return 'test file';
    return null;
  };
}
