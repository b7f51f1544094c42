import { useEffect, useState } from 'react';
import { repositoryTrend } from '../api/client.js';
import type { Analysis, TrendPoint } from '../api/types.js';
import { fmt, repoName, when } from '../lib/format.js';
import { linkProps } from '../lib/router.js';

type Series = 'cc_avg' | 'mi_avg' | 'pylint_avg' | 'loc' | 'files' | 'cc_max';

const SERIES: { key: Series; label: string; digits: number }[] = [
  { key: 'cc_avg', label: 'Average complexity', digits: 2 },
  { key: 'mi_avg', label: 'Average MI', digits: 1 },
  { key: 'pylint_avg', label: 'Pylint average', digits: 2 },
  { key: 'loc', label: 'Lines', digits: 0 },
  { key: 'files', label: 'Files', digits: 0 },
  { key: 'cc_max', label: 'Maximum complexity', digits: 0 },
];

/** The metrics of every finished run of the same repository, oldest first. */
export function Trend({ analysis }: { analysis: Analysis }) {
  const [runs, setRuns] = useState<TrendPoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    repositoryTrend(repoName(analysis.repo_url))
      .then(setRuns)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [analysis.repo_url]);
  if (error) return <p className="error">{error}</p>;
  if (!runs) return <p className="muted">Loading runs…</p>;
  return (
    <section className="card" aria-labelledby="trend-title" data-view="trend">
      <h2 id="trend-title">
        Trend across {runs.length} run{runs.length === 1 ? '' : 's'}
      </h2>
      {runs.length < 2 && <p className="muted">Analyze the repository again later to see how it moves.</p>}
      <div className="small-multiples">
        {SERIES.map((s) => (
          <Spark
            key={s.key}
            runs={runs}
            current={analysis.id}
            metric={s.key}
            label={s.label}
            digits={s.digits}
          />
        ))}
      </div>
      <table className="table" aria-label="Runs of this repository">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Date</th>
            <th scope="col">Commit</th>
            {SERIES.map((s) => (
              <th scope="col" className="num" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className={r.id === analysis.id ? 'selected' : undefined}>
              <td>
                <a {...linkProps(`/analyses/${r.id}`)}>#{r.id}</a>
              </td>
              <td>{when(r.created_at)}</td>
              <td>
                <code>{r.commit_sha?.slice(0, 8) ?? '–'}</code>
              </td>
              {SERIES.map((s) => (
                <td className="num" key={s.key}>
                  {fmt(r[s.key], s.digits)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Spark(props: {
  runs: TrendPoint[];
  current: number;
  metric: Series;
  label: string;
  digits: number;
}) {
  const W = 300;
  const H = 120;
  const P = 14;
  // Left gutter for the value labels, so they never sit on the line.
  const L = 56;
  const pts = props.runs
    .map((r, i) => ({ i, id: r.id, v: r[props.metric], at: r.created_at }))
    .filter((p): p is { i: number; id: number; v: number; at: string } => p.v !== null);
  const vs = pts.map((p) => p.v);
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  const span = hi - lo || Math.abs(hi) || 1;
  const n = Math.max(1, props.runs.length - 1);
  const x = (i: number) => (pts.length === 1 ? (L + W - P) / 2 : L + ((W - L - P) * i) / n);
  const y = (v: number) => H - P - ((H - 2 * P) * (v - lo)) / span;
  const last = pts.at(-1);
  return (
    <figure className="spark">
      <figcaption>
        {props.label}: <strong>{last ? fmt(last.v, props.digits) : '–'}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${props.label} over ${pts.length} runs`}>
        <line x1={L} x2={W - P} y1={y(hi)} y2={y(hi)} className="grid" />
        <line x1={L} x2={W - P} y1={y(lo)} y2={y(lo)} className="axis" />
        {pts.length > 1 && (
          <polyline className="line" points={pts.map((p) => `${x(p.i)},${y(p.v)}`).join(' ')} fill="none" />
        )}
        {pts.map((p) => (
          <circle
            key={p.id}
            cx={x(p.i)}
            cy={y(p.v)}
            r={p.id === props.current ? 5 : 3.5}
            className={p.id === props.current ? 'pt current' : 'pt'}
          >
            <title>{`#${p.id} ${when(p.at)}: ${fmt(p.v, props.digits)}`}</title>
          </circle>
        ))}
        <text x={L - 6} y={y(hi) + 4} textAnchor="end" className="tick">
          {fmt(hi, props.digits)}
        </text>
        {hi !== lo && (
          <text x={L - 6} y={y(lo) + 4} textAnchor="end" className="tick">
            {fmt(lo, props.digits)}
          </text>
        )}
      </svg>
    </figure>
  );
}
