import { useMemo } from 'react';
import type { FileRow } from '../api/types.js';
import { fmt } from '../lib/format.js';
import { type Gate, gateActive, gateFailures } from '../lib/gate.js';
import { linkProps, navigate, useLocation } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';

interface Column {
  key: keyof FileRow;
  label: string;
  digits?: number;
  title: string;
}

const COLUMNS: Column[] = [
  { key: 'loc', label: 'Lines', title: 'Physical lines (loc)' },
  { key: 'functions', label: 'Functions', title: 'Functions and methods' },
  { key: 'cc_avg', label: 'Avg CC', digits: 2, title: 'Average cyclomatic complexity of its blocks' },
  { key: 'cc_max', label: 'Max CC', title: 'Highest cyclomatic complexity' },
  { key: 'cognitive_max', label: 'Cognitive', title: 'Highest cognitive complexity of its functions' },
  { key: 'mi', label: 'MI', digits: 1, title: 'Maintainability index (0–100)' },
  { key: 'pylint_score', label: 'Pylint', digits: 2, title: 'Pylint score (0–10)' },
  { key: 'duplicated_lines', label: 'Dup. lines', title: 'Lines inside clones (duplicated_lines)' },
];
const HISTORY: Column[] = [
  { key: 'revisions', label: 'Revisions', title: 'Commits that touched the file' },
  { key: 'authors', label: 'Authors', title: 'Distinct author e-mails' },
];

const PAGE_SIZE = 50;

const DEFAULT_SORT: { key: keyof FileRow; dir: 1 | -1 } = { key: 'cc_max', dir: -1 };

/** `?sort=<column>&order=asc|desc`, as the Explorer writes them; anything else is the default. */
function parseSort(
  q: URLSearchParams,
  cols: readonly { key: keyof FileRow }[],
): { key: keyof FileRow; dir: 1 | -1 } {
  const key = q.get('sort') as keyof FileRow | null;
  if (!key || (key !== 'path' && !cols.some((c) => c.key === key))) return DEFAULT_SORT;
  const order = q.get('order');
  return { key, dir: order === 'asc' ? 1 : order === 'desc' ? -1 : key === 'path' ? 1 : -1 };
}

/** The file table: sort by any column, search by path, filter by MI rank, gate or parse errors; paged. */
export function FileTable(props: {
  files: FileRow[];
  history: boolean;
  gate: Gate;
  selected: string | null;
  onOpen: (path: string) => void;
  /** When given, each path also links to its source view. */
  analysisId?: number;
}) {
  const { files, gate } = props;
  const cols = props.history ? [...COLUMNS, ...HISTORY] : COLUMNS;
  // Sort, search, filters and page live in the query string, so a reload or a shared link shows
  // the same view: ?sort=cognitive&order=desc&q=sansio&rank=B&errors=1&failing=1&page=2.
  const { query } = useLocation();
  const sort = parseSort(query, cols);
  const search = query.get('q') ?? '';
  const rank = ['A', 'B', 'C'].includes(query.get('rank') ?? '') ? (query.get('rank') as string) : '';
  const onlyFailing = query.get('failing') === '1';
  const onlyErrors = query.get('errors') === '1';
  const page = Math.max(0, (Number.parseInt(query.get('page') ?? '1', 10) || 1) - 1);
  const set = (changes: Record<string, string | null>, keepPage = false) => {
    const q = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') q.delete(k);
      else q.set(k, v);
    }
    if (!keepPage) q.delete('page');
    const str = q.toString();
    navigate(`${location.pathname}${str ? `?${str}` : ''}`, true);
  };
  const setPage = (p: number) => set({ page: p > 0 ? String(p + 1) : null }, true);
  const gated = gateActive(gate);

  const failures = useMemo(() => {
    const m = new Map<string, string[]>();
    if (gated) for (const f of files) m.set(f.path, gateFailures(f, gate));
    return m;
  }, [files, gate, gated]);
  const failingCount = useMemo(() => [...failures.values()].filter((v) => v.length > 0).length, [failures]);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const out = files.filter(
      (f) =>
        (!q || f.path.toLowerCase().includes(q)) &&
        (!rank || f.mi_rank === rank) &&
        (!onlyErrors || f.parse_error) &&
        (!onlyFailing || !gated || (failures.get(f.path)?.length ?? 0) > 0),
    );
    const { key, dir } = sort;
    out.sort((a, b) => {
      const x = a[key];
      const y = b[key];
      // Missing values sink to the bottom whichever the direction.
      if (x === null && y === null) return a.path.localeCompare(b.path);
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c === 0 ? a.path.localeCompare(b.path) : c * dir;
    });
    return out;
  }, [files, search, rank, onlyErrors, onlyFailing, gated, failures, sort]);

  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const visible = rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const sortBy = (key: keyof FileRow) => {
    const dir = sort.key === key ? -sort.dir : key === 'path' ? 1 : -1;
    const isDefault = key === DEFAULT_SORT.key && dir === DEFAULT_SORT.dir;
    set({ sort: isDefault ? null : String(key), order: isDefault ? null : dir === 1 ? 'asc' : 'desc' });
  };
  const header = (key: keyof FileRow, label: string, title: string, num = true) => {
    const active = sort.key === key;
    return (
      <th
        scope="col"
        key={key}
        className={num ? 'num' : undefined}
        aria-sort={active ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
      >
        <button type="button" className="sort" onClick={() => sortBy(key)} title={`Sort by ${title}`}>
          {label}
          <span aria-hidden="true">{active ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };

  return (
    <section className="card" aria-labelledby="files-title">
      <div className="table-head">
        <h2 id="files-title">Files</h2>
        <div className="filters">
          <label>
            <span className="sr-only">Search files by path</span>
            <input
              type="search"
              placeholder="Search path…"
              value={search}
              onChange={(e) => set({ q: e.target.value })}
              aria-label="Search files by path"
            />
          </label>
          <label>
            MI rank{' '}
            <select value={rank} onChange={(e) => set({ rank: e.target.value })}>
              <option value="">all</option>
              <option value="A">A</option>
              <option value="B">B</option>
              <option value="C">C</option>
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={onlyErrors}
              onChange={(e) => set({ errors: e.target.checked ? '1' : null })}
            />{' '}
            parse errors
          </label>
          {gated && (
            <label>
              <input
                type="checkbox"
                checked={onlyFailing}
                onChange={(e) => set({ failing: e.target.checked ? '1' : null })}
              />{' '}
              failing the gate only
            </label>
          )}
        </div>
      </div>
      <p className="muted" aria-live="polite">
        {fmt(rows.length)} of {fmt(files.length)} files
        {gated && (
          <>
            {' '}
            · <span className="fail-text">{fmt(failingCount)} failing the quality gate</span>
          </>
        )}
      </p>
      <div className="scroll-x">
        <table className="table files" aria-label="Files" aria-rowcount={rows.length}>
          <thead>
            <tr>
              {header('path', 'Path', 'path', false)}
              {cols.map((c) => header(c.key, c.label, c.title))}
              {gated && <th scope="col">Gate</th>}
            </tr>
          </thead>
          <tbody>
            {visible.map((f) => {
              const fails = failures.get(f.path) ?? [];
              return (
                <tr
                  key={f.path}
                  className={`${fails.length ? 'failing' : ''} ${props.selected === f.path ? 'selected' : ''}`}
                  data-path={f.path}
                >
                  <td className="path">
                    <button type="button" className="link" onClick={() => props.onOpen(f.path)}>
                      {f.path}
                    </button>
                    {props.analysisId !== undefined && (
                      <>
                        {' '}
                        <a className="src-link" {...linkProps(sourceHref(props.analysisId, f.path))}>
                          source<span className="sr-only"> of {f.path}</span>
                        </a>
                      </>
                    )}
                    {f.parse_error && (
                      <span className="badge badge-failed" title={f.parse_error}>
                        parse error
                      </span>
                    )}
                  </td>
                  {cols.map((c) => (
                    <td key={c.key} className="num">
                      {fmt(f[c.key] as number | null, c.digits ?? 0)}
                    </td>
                  ))}
                  {gated && (
                    <td>
                      {fails.length ? (
                        <span className="badge badge-failed" title={fails.join('\n')}>
                          fails
                        </span>
                      ) : (
                        <span className="badge badge-done">passes</span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && files.length > 0 && (
        <p className="muted empty-note" role="status">
          No files match: change the search or the filters.
        </p>
      )}
      <nav className="pager" aria-label="Pages of files">
        <button type="button" onClick={() => setPage(0)} disabled={current === 0}>
          « First
        </button>
        <button type="button" onClick={() => setPage(current - 1)} disabled={current === 0}>
          ‹ Previous
        </button>
        <span>
          Page {current + 1} of {pages}
        </span>
        <button type="button" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
          Next ›
        </button>
        <button type="button" onClick={() => setPage(pages - 1)} disabled={current >= pages - 1}>
          Last »
        </button>
      </nav>
    </section>
  );
}
