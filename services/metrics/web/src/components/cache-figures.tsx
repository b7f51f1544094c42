import type { Analysis } from '../api/types.js';

type Cache = NonNullable<Analysis['cache']>;

const MIRROR: Record<NonNullable<Cache['repo_cache']>['action'], string> = {
  created: 'created (first fetch)',
  updated: 'reused (fetched what was new)',
  rebuilt: 'rebuilt',
};

/** The figures of each cache, as label and value. */
function figures(c: Cache): [string, string][] {
  const out: [string, string][] = [];
  if (c.repo_cache) {
    const why = c.repo_cache.reason ? ` (${c.repo_cache.reason.replace(/_/g, ' ')})` : '';
    out.push(['Repository mirror', `${MIRROR[c.repo_cache.action]}${why}`]);
  }
  if (c.git_history) {
    const g = c.git_history;
    out.push(['Commits walked', String(g.commits_walked)], ['Commits reused', String(g.commits_reused)]);
    out.push([
      'History pass',
      g.mode === 'incremental'
        ? `incremental from ${g.base_commit?.slice(0, 10) ?? '—'}`
        : `full (${(g.reason ?? 'no earlier pass').replace(/_/g, ' ')})`,
    ]);
  }
  out.push(['Contents from the cache', String(c.blobs_hit)], ['Contents measured', String(c.blobs_measured)]);
  if (c.pylint_files) {
    out.push(['pylint files reused', String(c.pylint_files.reused)]);
    out.push(['pylint files linted', String(c.pylint_files.linted)]);
  } else out.push(['pylint', c.pylint.replace(/_/g, ' ')]);
  if (c.rows_reused_from !== null) out.push(['Rows copied from', `run #${c.rows_reused_from}`]);
  return out;
}

/** One line saying how much the run reused (the closed panel's title). */
function headline(c: Cache): string {
  const parts: string[] = [];
  if (c.repo_cache)
    parts.push(`mirror ${c.repo_cache.action === 'updated' ? 'reused' : c.repo_cache.action}`);
  if (c.git_history) parts.push(`${c.git_history.commits_walked} commits walked`);
  if (c.pylint_files)
    parts.push(
      `pylint ${c.pylint_files.reused} of ${c.pylint_files.reused + c.pylint_files.linted} files reused`,
    );
  return parts.length > 0 ? parts.join(' · ') : `${c.blobs_hit} contents from the cache`;
}

/** What the run took from the caches (mirror, history, contents, pylint, rows); nothing before it measured. */
export function CacheFigures(props: { cache: Analysis['cache'] }) {
  const c = props.cache;
  if (!c) return null;
  return (
    <details className="card cache-figures">
      <summary>Cache: {headline(c)}</summary>
      <dl className="facts" aria-label="Cache figures">
        {figures(c).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
