import { useEffect, useRef, useState } from 'react';
import { loadClasses, loadFunctions } from '../api/results.js';
import type { ClassRow, FileRow, FunctionRow } from '../api/types.js';
import { PylintExplained } from '../code/pylint-explained.js';
import { FileDuplicates } from '../duplicates/file-duplicates.js';
import { FileHealth } from '../health/file-health.js';
import { fmt, share } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { FileTrend, FunctionTrend } from '../trends/file-trend.js';

/** Drill-down of one file: its metrics, its classes and its functions. */
export function FileDetail(props: {
  id: number;
  file: FileRow;
  failures: string[];
  onClose: () => void;
  /** `owner/repo`: with it the panel offers the file's and its functions' trends by commit. */
  repo?: string | undefined;
}) {
  const { id, file } = props;
  const [trendOpen, setTrendOpen] = useState(false);
  const [fnTrend, setFnTrend] = useState<{ className: string; name: string } | null>(null);
  const [classes, setClasses] = useState<ClassRow[] | null>(null);
  const [functions, setFunctions] = useState<FunctionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    let alive = true;
    Promise.all([loadClasses(id, file.path), loadFunctions(id, file.path)])
      .then(([c, f]) => {
        if (!alive) return;
        setClasses(c);
        setFunctions(f);
      })
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [id, file.path]);

  const facts: [string, string][] = [
    ['Lines', fmt(file.loc)],
    ['Source lines', fmt(file.sloc)],
    ['Comments', fmt(file.comments)],
    ['Avg complexity', fmt(file.cc_avg, 2)],
    ['Max complexity', fmt(file.cc_max)],
    ['MI', `${fmt(file.mi, 1)}${file.mi_rank ? ` (${file.mi_rank})` : ''}`],
    ['Halstead volume', fmt(file.volume, 1)],
    ['Est. bugs', fmt(file.bugs, 3)],
    ['Pylint', fmt(file.pylint_score, 2)],
  ];
  if (file.revisions !== null)
    facts.push(
      ['Revisions', fmt(file.revisions)],
      ['Authors', fmt(file.authors)],
      ['Age (days)', fmt(file.age_days)],
    );
  // The history insights' numbers, when the run had the full history.
  if (file.hotspot_score != null)
    facts.push(
      ['Hotspot score', fmt(file.hotspot_score, 2)],
      ['Revisions, 90 days', fmt(file.revisions_90d)],
      ['Churn (lines)', fmt(file.churn)],
      ['Churn, 90 days', fmt(file.churn_90d)],
      ['Months since change', fmt(file.age_months)],
      ['Main author share', file.main_author_share == null ? '–' : `${share(file.main_author_share, 1)}%`],
      ['Authors who know it', fmt(file.knowledgeable_authors)],
    );

  return (
    <section
      className="card detail"
      aria-labelledby="detail-title"
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <div className="table-head">
        <h2 id="detail-title" ref={heading} tabIndex={-1}>
          <code>{file.path}</code>
        </h2>
        <a {...linkProps(sourceHref(id, file.path))}>View source</a>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      {file.parse_error && (
        <p className="error">
          Could not be parsed: <code>{file.parse_error}</code>
        </p>
      )}
      {props.failures.length > 0 && (
        <ul className="fail-text" aria-label="Quality gate failures">
          {props.failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {props.repo && (
        <details className="trend-details" onToggle={(e) => setTrendOpen(e.currentTarget.open)}>
          <summary>Trend by commit</summary>
          {trendOpen && <FileTrend repo={props.repo} path={file.path} current={id} />}
        </details>
      )}
      <FileHealth id={id} path={file.path} />
      <FileDuplicates id={id} file={file} />
      {error && <p className="error">{error}</p>}
      <h3>Findings</h3>
      <PylintExplained id={id} path={file.path} />
      <h3>Classes</h3>
      {classes === null ? (
        <p className="muted">Loading…</p>
      ) : classes.length === 0 ? (
        <p className="muted">No classes.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label={`Classes of ${file.path}`}>
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col" className="num">
                  Lines
                </th>
                <th scope="col" className="num">
                  Methods
                </th>
                <th scope="col" className="num">
                  Complexity
                </th>
                <th scope="col" className="num">
                  Real complexity
                </th>
                <th scope="col">Rank</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={`${c.name}:${c.lineno}`}>
                  <td>
                    <a {...linkProps(sourceHref(id, file.path, c.lineno))}>
                      <code>{c.name}</code>
                    </a>
                  </td>
                  <td className="num">
                    {c.lineno}–{c.endline}
                  </td>
                  <td className="num">{c.methods}</td>
                  <td className="num">{c.complexity}</td>
                  <td className="num">{c.real_complexity}</td>
                  <td>
                    <span className={`rank rank-${c.rank}`}>{c.rank}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>Functions</h3>
      {functions === null ? (
        <p className="muted">Loading…</p>
      ) : functions.length === 0 ? (
        <p className="muted">No functions.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label={`Functions of ${file.path}`}>
            <thead>
              <tr>
                <th scope="col">Function</th>
                <th scope="col" className="num">
                  Lines
                </th>
                <th scope="col" className="num">
                  Complexity
                </th>
                <th scope="col">Rank</th>
                <th scope="col" className="num">
                  Cognitive
                </th>
                <th scope="col" className="num">
                  Params
                </th>
                <th scope="col" className="num">
                  NLOC
                </th>
                <th scope="col" className="num">
                  Nesting
                </th>
                {props.repo && <th scope="col">Trend</th>}
              </tr>
            </thead>
            <tbody>
              {functions.map((f) => (
                <tr key={`${f.class}.${f.name}:${f.lineno}`}>
                  <td>
                    <a {...linkProps(sourceHref(id, file.path, f.lineno))}>
                      <code>{f.class ? `${f.class}.${f.name}` : f.name}</code>
                    </a>
                  </td>
                  <td className="num">
                    {f.lineno}–{f.endline}
                  </td>
                  <td className="num">{f.complexity}</td>
                  <td>
                    <span className={`rank rank-${f.rank}`}>{f.rank}</span>
                  </td>
                  <td className="num">{f.cognitive}</td>
                  <td className="num">{f.params}</td>
                  <td className="num">{f.nloc}</td>
                  <td className="num">{f.max_nesting}</td>
                  {props.repo && (
                    <td>
                      <button
                        type="button"
                        className="ghost"
                        aria-pressed={fnTrend?.className === f.class && fnTrend?.name === f.name}
                        aria-label={`Trend of ${f.class ? `${f.class}.${f.name}` : f.name}`}
                        onClick={() =>
                          setFnTrend((t) =>
                            t?.className === f.class && t?.name === f.name
                              ? null
                              : { className: f.class, name: f.name },
                          )
                        }
                      >
                        Trend
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.repo && fnTrend && (
        <FunctionTrend
          repo={props.repo}
          path={file.path}
          className={fnTrend.className}
          name={fnTrend.name}
          current={id}
        />
      )}
    </section>
  );
}
