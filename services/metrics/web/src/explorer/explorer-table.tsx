import { useEffect, useState } from 'react';
import type { Page } from '../../../src/shared-types/result-page.js';
import { api } from '../api/client.js';
import { Pager } from '../components/pager.js';
import { fmt } from '../lib/format.js';
import { linkProps, navigate } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';

/** One column of an explorer table: the API's sort name, its header and whether it is numeric. */
export interface ExplorerColumn {
  key: string;
  label: string;
  title: string;
  num?: boolean;
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
  // The table's state lives in the address (`fn.sort=…`, `cls.rank=…`): a reload or a shared link keeps it.
  const [initial] = useState(() => readState(new URLSearchParams(location.search), level));
  const [sort, setSort] = useState(initial.sort);
  const [prefix, setPrefix] = useState(initial.prefix);
  const [name, setName] = useState(initial.name);
  const [ranks, setRanks] = useState<string[]>(initial.ranks);
  const [offset, setOffset] = useState(initial.offset);
  useEffect(() => {
    const here = new URLSearchParams(location.search);
    writeState(here, level, { sort, prefix, name, ranks, offset });
    const qs = here.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, true);
  }, [level, sort, prefix, name, ranks, offset]);
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

interface TableState {
  sort: { key: string; order: 'asc' | 'desc' };
  prefix: string;
  name: string;
  ranks: string[];
  offset: number;
}

const DEFAULT_SORT = { key: 'complexity', order: 'desc' as const };
const keyPrefix = (level: string) => (level === 'functions' ? 'fn.' : 'cls.');

function readState(q: URLSearchParams, level: string): TableState {
  const k = keyPrefix(level);
  const order = q.get(`${k}order`);
  const offset = Number(q.get(`${k}offset`));
  return {
    sort: {
      key: q.get(`${k}sort`) || DEFAULT_SORT.key,
      order: order === 'asc' || order === 'desc' ? order : DEFAULT_SORT.order,
    },
    prefix: q.get(`${k}path`) ?? '',
    name: q.get(`${k}name`) ?? '',
    ranks: (q.get(`${k}rank`) ?? '').split(',').filter((r) => (RANKS as readonly string[]).includes(r)),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

function writeState(q: URLSearchParams, level: string, s: TableState): void {
  const k = keyPrefix(level);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? q.delete(`${k}${key}`) : q.set(`${k}${key}`, value);
  set('sort', s.sort.key, DEFAULT_SORT.key);
  set('order', s.sort.order, DEFAULT_SORT.order);
  set('path', s.prefix, '');
  set('name', s.name, '');
  set('rank', s.ranks.join(','), '');
  set('offset', String(s.offset), '0');
}
