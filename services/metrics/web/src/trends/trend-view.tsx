import { useEffect, useState } from 'react';
import type { TrendPoint, TrendResponse } from '../../../src/shared-types/trend-types.js';
import type { Analysis } from '../api/types.js';
import { TrendSettingsNote } from '../exclusions/settings-note.js';
import { StartHistoryRun } from '../history-runs/start-history-run.js';
import { fmt, repoName, when } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { type ChartSeries, SeriesChart, SeriesLegend } from './series-chart.js';
import { repositoryTrend } from './trends-api.js';

type Metric = 'cc_avg' | 'mi_avg' | 'pylint_avg' | 'loc' | 'files' | 'cc_max' | 'health' | 'coverage';

const METRICS: { key: Metric; label: string; digits: number }[] = [
  { key: 'cc_avg', label: 'Average complexity', digits: 2 },
  { key: 'mi_avg', label: 'Average MI', digits: 1 },
  { key: 'pylint_avg', label: 'Pylint average', digits: 2 },
  { key: 'loc', label: 'Lines', digits: 0 },
  { key: 'files', label: 'Files', digits: 0 },
  { key: 'cc_max', label: 'Maximum complexity', digits: 0 },
  { key: 'health', label: 'Health (1-10)', digits: 1 },
  { key: 'coverage', label: 'Line coverage %', digits: 1 },
];

/** Where a point sits in time: its commit's date, else (older runs) when it was analysed. */
export const pointTime = (p: { commit_date: string | null; created_at: string }) =>
  Date.parse(p.commit_date ?? p.created_at);

/** The repository's numbers by commit: one line per branch, tag or commit, points at their commit dates. */
export function Trend({ analysis }: { analysis: Analysis }) {
  const [trend, setTrend] = useState<TrendResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    repositoryTrend(repoName(analysis.repo_url))
      .then(setTrend)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [analysis.repo_url]);
  if (error) return <p className="error">{error}</p>;
  if (!trend) return <p className="muted">Loading runs…</p>;
  const rows: { p: TrendPoint; prev: TrendPoint | undefined }[] = trend.series
    .flatMap((s) => s.points.map((p, i) => ({ p, prev: s.points[i - 1] })))
    .sort((a, b) => pointTime(a.p) - pointTime(b.p) || a.p.id - b.p.id);
  const commits = rows.length;
  // A measure no point has (coverage before any upload, health on runs from before it) gets no chart or column.
  const shown = METRICS.filter((m) => trend.series.some((s) => s.points.some((p) => p[m.key] != null)));
  const chart = (m: Metric): ChartSeries[] =>
    trend.series.map((s) => ({
      ref: s.ref,
      points: s.points.map((p) => ({
        key: String(p.id),
        t: pointTime(p),
        v: p[m],
        label: `${p.commit_sha.slice(0, 8)} ${when(p.commit_date ?? p.created_at)}`,
        current: p.id === analysis.id,
      })),
    }));
  return (
    <section className="card" aria-labelledby="trend-title" data-view="trend">
      <h2 id="trend-title">
        Trend across {commits} commit{commits === 1 ? '' : 's'}
        {trend.series.length > 1 ? ` on ${trend.series.length} refs` : ''}
      </h2>
      <p className="muted">
        Points sit at their commit's date; a commit analysed again counts once (its newest run). Each branch,
        tag or commit analysed is its own line.
      </p>
      <TrendSettingsNote repoUrl={analysis.repo_url} />
      {commits < 2 ? (
        // One point is not a trend: say so instead of drawing eight charts of a single dot.
        <div className="notice" role="note">
          <p>
            <strong>
              {commits === 1 ? 'There is one point so far' : 'No finished run yet'}: this repository has{' '}
              {commits === 1 ? 'one analysed commit' : 'no analysed commit'}.
            </strong>{' '}
            A trend needs two or more. Start a history run, which measures up to 500 earlier commits in one go
            (also on the home form, or <code>POST /api/analyses</code> with{' '}
            <code>{'"history": {"commits": 50}'}</code>), or analyse another branch, tag or commit.
          </p>
          <StartHistoryRun analysis={analysis} />
          <p className="muted">
            Meanwhile, the <a {...linkProps(`/analyses/${analysis.id}/insights/heatmap`)}>heatmap</a> and{' '}
            <a {...linkProps(`/analyses/${analysis.id}/insights/hotspots`)}>hotspots</a> show this run on its
            own.
          </p>
        </div>
      ) : (
        <>
          <SeriesLegend refs={trend.series.map((s) => s.ref)} />
          <div className="small-multiples">
            {shown.map((m) => (
              <SeriesChart key={m.key} series={chart(m.key)} label={m.label} digits={m.digits} />
            ))}
          </div>
        </>
      )}
      <div className="scroll-x">
        <table className="table" aria-label="Runs of this repository">
          <thead>
            <tr>
              <th scope="col">Ref</th>
              <th scope="col">Run</th>
              <th scope="col">Commit date</th>
              <th scope="col">Commit</th>
              {shown.map((m) => (
                <th scope="col" className="num" key={m.key}>
                  {m.label}
                </th>
              ))}
              <th scope="col">Compare</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ p, prev }) => (
              <tr key={p.id} className={p.id === analysis.id ? 'selected' : undefined} data-ref={p.series}>
                <td>
                  <code>{p.series}</code>
                </td>
                <td>
                  <a {...linkProps(`/analyses/${p.id}`)}>#{p.id}</a>
                  {p.settings_changed && (
                    <span className="muted" data-settings-changed title={p.settings_changed.join('\n')}>
                      {' '}
                      settings changed: {p.settings_changed.join('; ')}
                    </span>
                  )}
                </td>
                <td>{when(p.commit_date ?? p.created_at)}</td>
                <td>
                  <code>{p.commit_sha.slice(0, 8)}</code>
                </td>
                {shown.map((m) => (
                  <td className="num" key={m.key}>
                    {fmt(p[m.key], m.digits)}
                  </td>
                ))}
                <td>
                  {prev ? (
                    <a {...linkProps(`/compare/${prev.id}/${p.id}`)}>with previous</a>
                  ) : (
                    <span className="muted">first</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
