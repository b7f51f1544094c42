import { getAnalysis, listAnalyses } from '../api/client.js';
import { useLoad } from '../lib/use-load.js';
import { exclusionsOf } from './run-exclusions.js';

const describe = (x: ReturnType<typeof exclusionsOf>) =>
  [
    x.tests ? 'test files' : 'no test files',
    ...x.request.map((g) => `request ${g}`),
    ...x.repository.map((g) => `[tool.pyscan] ${g}`),
  ].join(', ');

/**
 * Compare and trend: when two runs left out different files (other exclude globs, tests in or out),
 * a file one of them excluded shows as added or removed; say so rather than let it read as a change.
 */
export function SettingsNote({ base, head }: { base: number; head: number }) {
  const { data } = useLoad(`settings-note:${base}:${head}`, () =>
    Promise.all([getAnalysis(base), getAnalysis(head)]),
  );
  if (!data) return null;
  const [b, h] = data.map(exclusionsOf);
  if (!b || !h || describe(b) === describe(h)) return null;
  return (
    <p className="notice" role="note" data-settings-differ>
      These runs used different settings: run #{base} left out {describe(b)}; run #{head} left out{' '}
      {describe(h)}. A file only one of them excluded shows as added or removed here, not because the code
      changed.
    </p>
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
