import { useState } from 'react';
import type { Analysis } from '../api/types.js';
import { Pager } from '../components/pager.js';
import { fmt } from '../lib/format.js';
import { navigate } from '../lib/router.js';
import { useLoad } from '../lib/use-load.js';
import { CloneCompare } from './clone-compare.js';
import { loadDuplicates } from './duplicates-api.js';

const LIMIT = 20;

/** The clone groups of a run, largest first; `?group=N` opens one side by side. */
export function Duplicates({ analysis, query }: { analysis: Analysis; query: URLSearchParams }) {
  const id = analysis.id;
  const [offset, setOffset] = useState(0);
  const key = `dups:${id}:${offset}`;
  const { data, error } = useLoad(key, () => loadDuplicates(id, offset, LIMIT));
  const selected = Number(query.get('group')) || null;
  const s = analysis.summary;
  return (
    <>
      <section className="card" aria-labelledby="dups-title">
        <h2 id="dups-title">Duplicated code</h2>
        {s?.duplicated_lines_pct != null ? (
          <p>
            {fmt(s.duplicated_lines)} duplicated lines, {fmt(s.duplicated_lines_pct, 1)} % of {fmt(s.loc)}{' '}
            lines, in {data ? fmt(data.total) : '…'} clone groups.
          </p>
        ) : (
          <p className="muted">This run was analysed before duplication was measured.</p>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {data && data.total === 0 && <p className="muted">No clones above the thresholds.</p>}
        {data && data.total > 0 && (
          <div className="scroll-x">
            <table className="table" aria-label="Clone groups">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Group
                  </th>
                  <th scope="col" className="num">
                    Tokens
                  </th>
                  <th scope="col" className="num">
                    Lines
                  </th>
                  <th scope="col">Occurrences</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((g) => (
                  <tr key={g.group} className={selected === g.group ? 'selected' : ''} data-group={g.group}>
                    <td className="num">
                      <button
                        type="button"
                        className="link"
                        onClick={() => navigate(`/analyses/${id}/duplicates?group=${g.group}`)}
                      >
                        #{g.group}
                      </button>
                    </td>
                    <td className="num">{fmt(g.tokens)}</td>
                    <td className="num">{fmt(g.lines)}</td>
                    <td>
                      {g.occurrences.map((o) => (
                        <code key={`${o.path}:${o.start_line}`} className="occurrence">
                          {o.path}:{o.start_line}–{o.end_line}
                        </code>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && (
          <Pager
            label="Pages of clone groups"
            offset={offset}
            limit={LIMIT}
            total={data.total}
            onOffset={setOffset}
          />
        )}
      </section>
      {selected && <CloneCompare key={selected} id={id} group={selected} />}
    </>
  );
}
