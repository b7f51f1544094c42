import { useState } from 'react';
import { api } from '../api/client.js';
import { Pager } from '../components/pager.js';
import { fmt } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';

/** One column of an explorer table: the API's sort name, its header and whether it is numeric. */
export interface ExplorerColumn {
  key: string;
  label: string;
  title: string;
  num?: boolean;
}

interface Page {
  items: Record<string, unknown>[];
  total: number;
  limit: number;
  offset: number;
}

const LIMIT = 25;
const RANKS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * A repository-wide table of one level (functions or classes) of a run: sorted, filtered by path
 * prefix, name and rank, and paged by the server, each row linked to its line in the source view.
 */
export function ExplorerTable(props: {
  id: number;
  level: 'functions' | 'classes';
  title: string;
  columns: ExplorerColumn[];
  label: (row: Record<string, unknown>) => string;
}) {
  const { id, level } = props;
  const [sort, setSort] = useState({ key: 'complexity', order: 'desc' as 'asc' | 'desc' });
  const [prefix, setPrefix] = useState('');
  const [name, setName] = useState('');
  const [ranks, setRanks] = useState<string[]>([]);
  const [offset, setOffset] = useState(0);
  const q = new URLSearchParams({
    sort: sort.key,
    order: sort.order,
    limit: String(LIMIT),
    offset: String(offset),
  });
  if (prefix) q.set('path_prefix', prefix);
  if (name) q.set('name', name);
  if (ranks.length) q.set('rank', ranks.join(','));
  const url = `/api/analyses/${id}/${level}?${q.toString()}`;
  const { data, error } = useLoad(url, () => api<Page>(url));

  const sortBy = (key: string) => {
    setSort((s) =>
      s.key === key
        ? { key, order: s.order === 'asc' ? 'desc' : 'asc' }
        : { key, order: key === 'path' || key === 'name' ? 'asc' : 'desc' },
    );
    setOffset(0);
  };
  const toggleRank = (r: string) => {
    setRanks((rs) => (rs.includes(r) ? rs.filter((x) => x !== r) : [...rs, r].sort()));
    setOffset(0);
  };
  const header = (c: ExplorerColumn) => {
    const active = sort.key === c.key;
    return (
      <th
        scope="col"
        key={c.key}
        className={c.num ? 'num' : undefined}
        aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button type="button" className="sort" onClick={() => sortBy(c.key)} title={`Sort by ${c.title}`}>
          {c.label}
          <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };
  const titleId = `${level}-explorer-title`;
  return (
    <section className="card" aria-labelledby={titleId} data-level={level}>
      <div className="table-head">
        <h2 id={titleId}>{props.title}</h2>
        <div className="filters">
          <input
            type="search"
            placeholder="Path starts with…"
            aria-label={`Filter ${level} by path prefix`}
            value={prefix}
            onChange={(e) => {
              setPrefix(e.target.value);
              setOffset(0);
            }}
          />
          <input
            type="search"
            placeholder="Name contains…"
            aria-label={`Filter ${level} by name`}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setOffset(0);
            }}
          />
          <fieldset className="rank-filter">
            <legend className="sr-only">Ranks of {level}</legend>
            {RANKS.map((r) => (
              <label key={r}>
                <input type="checkbox" checked={ranks.includes(r)} onChange={() => toggleRank(r)} /> {r}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" aria-live="polite">
        {data
          ? data.total === 0
            ? `No ${level} match these filters.`
            : `${fmt(data.total)} ${level}`
          : 'Loading…'}
      </p>
      <div className="scroll-x">
        <table className="table" aria-label={props.title}>
          <thead>
            <tr>
              {header({ key: 'name', label: 'Name', title: 'name' })}
              {header({ key: 'path', label: 'Path', title: 'path' })}
              {props.columns.map(header)}
            </tr>
          </thead>
          <tbody>
            {data?.items.map((row) => {
              const path = String(row.path);
              const line = Number(row.lineno);
              return (
                <tr key={`${path}:${line}:${props.label(row)}`}>
                  <td>
                    <a {...linkProps(sourceHref(id, path, line))}>
                      <code>{props.label(row)}</code>
                    </a>
                  </td>
                  <td className="path">{path}</td>
                  {props.columns.map((c) => (
                    <td key={c.key} className={c.num ? 'num' : undefined}>
                      {c.key === 'rank' ? (
                        <span className={`rank rank-${String(row.rank)}`}>{String(row.rank)}</span>
                      ) : c.num ? (
                        fmt(row[c.key] as number | null)
                      ) : (
                        String(row[c.key] ?? '')
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {data && (
        <Pager
          label={`Pages of ${level}`}
          offset={offset}
          limit={LIMIT}
          total={data.total}
          onOffset={setOffset}
        />
      )}
    </section>
  );
}
