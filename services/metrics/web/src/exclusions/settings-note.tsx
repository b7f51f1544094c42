import type { SettingsComparison } from '../../../src/shared-types/run-settings-shape.js';
import { listAnalyses } from '../api/client.js';
import { useLoad } from '../lib/use-load.js';
import { exclusionsOf } from './run-exclusions.js';

const describe = (x: ReturnType<typeof exclusionsOf>) =>
  [
    x.tests ? 'test files' : 'no test files',
    ...x.request.map((g) => `request ${g}`),
    ...x.repository.map((g) => `[tool.pyscan] ${g}`),
  ].join(', ');

/**
 * Compare: when two runs measured under other settings (exclude globs, tests in or out, pylint or
 * bandit on or off), say what differs, and list the files only one of them measured because the other
 * left them out: the service counts those neither as added nor as removed.
 */
export function SettingsNote({
  base,
  head,
  settings,
}: {
  base: number;
  head: number;
  settings: SettingsComparison;
}) {
  if (settings.differences.length === 0 && settings.excluded_files.length === 0) return null;
  return (
    <div className="notice" role="note" data-settings-differ>
      <p>
        These runs used different settings (run #{base} → run #{head}): {settings.differences.join('; ')}.
        Files, lines and averages move with what each run measured, not only with the code.
      </p>
      {settings.excluded_files.length > 0 && (
        <>
          <p>Measured by one run only, because the other left them out (not counted as added or removed):</p>
          <ul data-excluded-files>
            {settings.excluded_files.map((f) => (
              <li key={f.path} data-path={f.path}>
                <code>{f.path}</code>: only run #{f.measured_by === 'base' ? base : head} measured it; the
                other left it out ({f.reason})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The trend's note: the repository's runs did not all leave out the same files. */
export function TrendSettingsNote({ repoUrl }: { repoUrl: string }) {
  const { data } = useLoad(`settings-note:trend:${repoUrl}`, () => listAnalyses(100, repoUrl));
  if (!data) return null;
  const sets = new Map<string, number[]>();
  for (const a of data.filter((r) => r.status === 'done')) {
    const key = describe(exclusionsOf(a));
    sets.set(key, [...(sets.get(key) ?? []), a.id]);
  }
  if (sets.size < 2) return null;
  return (
    <div className="notice" role="note" data-settings-differ>
      <p>
        The runs of this repository used {sets.size} different settings, so files, lines and averages also
        change with what each run left out, not only with the code:
      </p>
      <ul>
        {[...sets].map(([key, ids]) => (
          <li key={key}>
            runs {ids.map((i) => `#${i}`).join(', ')}: left out {key}
          </li>
        ))}
      </ul>
    </div>
  );
}
