import { useEffect, useState } from 'react';
import type { FileTrendResponse, FunctionTrendResponse } from '../../../src/shared-types/trend-types.js';
import { when } from '../lib/format.js';
import { type ChartSeries, SeriesChart, SeriesLegend } from './series-chart.js';
import { pointTime } from './trend-view.js';
import { fileTrend, functionTrend } from './trends-api.js';

type Loaded<T> = { data: T | null; error: string | null };

/** Loads once per `key` (what the load depends on, joined). */
function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads.
  useEffect(() => {
    let alive = true;
    setState({ data: null, error: null });
    load()
      .then((data) => alive && setState({ data, error: null }))
      .catch(
        (e: unknown) => alive && setState({ data: null, error: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      alive = false;
    };
  }, [key]);
  return state;
}

const series = <
  P extends { id: number; commit_sha: string; commit_date: string | null; created_at: string; path: string },
>(
  r: { series: { ref: string; points: P[] }[] },
  value: (p: P) => number | null,
  current: number,
): ChartSeries[] =>
  r.series.map((s) => ({
    ref: s.ref,
    points: s.points.map((p) => ({
      key: String(p.id),
      t: pointTime(p),
      v: value(p),
      label: `${p.commit_sha.slice(0, 8)} ${when(p.commit_date ?? p.created_at)} ${p.path}`,
      current: p.id === current,
    })),
  }));

const count = (r: { series: { points: unknown[] }[] }) => r.series.reduce((n, s) => n + s.points.length, 0);

/** A file's complexity, MI and lines over the commits analysed, across its renames. */
export function FileTrend(props: { repo: string; path: string; current: number }) {
  const { data, error } = useLoaded<FileTrendResponse>(`${props.repo}\0${props.path}`, () =>
    fileTrend(props.repo, props.path),
  );
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading the file's trend…</p>;
  const renamed = new Set(data.series.flatMap((s) => s.points.map((p) => p.path)));
  renamed.delete(props.path);
  return (
    <section aria-label={`Trend of ${props.path}`} className="file-trend">
      <p className="muted">
        {count(data)} commit{count(data) === 1 ? '' : 's'}
        {renamed.size > 0 && (
          <>
            {' '}
            · earlier named <code>{[...renamed].join(', ')}</code>
          </>
        )}
      </p>
      <SeriesLegend refs={data.series.map((s) => s.ref)} />
      <div className="small-multiples">
        <SeriesChart
          series={series(data, (p) => p.cc_total, props.current)}
          label="Complexity (module)"
          digits={0}
        />
        <SeriesChart series={series(data, (p) => p.mi, props.current)} label="MI" digits={1} />
        <SeriesChart series={series(data, (p) => p.sloc, props.current)} label="Source lines" digits={0} />
      </div>
    </section>
  );
}

/** One function's complexity, cognitive complexity and lines over the commits (same class and name). */
export function FunctionTrend(props: {
  repo: string;
  path: string;
  className: string;
  name: string;
  current: number;
}) {
  const f = { path: props.path, class_name: props.className, name: props.name };
  const { data, error } = useLoaded<FunctionTrendResponse>(
    [props.repo, props.path, props.className, props.name].join('\0'),
    () => functionTrend(props.repo, f),
  );
  const label = props.className ? `${props.className}.${props.name}` : props.name;
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">Loading the trend of {label}…</p>;
  return (
    <section aria-label={`Trend of ${label}`} className="function-trend">
      <h4>
        Trend of <code>{label}</code> ({count(data)} commit{count(data) === 1 ? '' : 's'})
      </h4>
      <SeriesLegend refs={data.series.map((s) => s.ref)} />
      <div className="small-multiples">
        <SeriesChart
          series={series(data, (p) => p.complexity, props.current)}
          label="Complexity"
          digits={0}
        />
        <SeriesChart series={series(data, (p) => p.cognitive, props.current)} label="Cognitive" digits={0} />
        <SeriesChart series={series(data, (p) => p.nloc, props.current)} label="Lines (NLOC)" digits={0} />
      </div>
    </section>
  );
}
