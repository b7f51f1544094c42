import { fmt } from '../lib/format.js';

/** One point of a chart: when (epoch ms), the value, and a label for its tooltip. */
export interface ChartPoint {
  key: string;
  t: number;
  v: number | null;
  label: string;
  current?: boolean;
}

export interface ChartSeries {
  ref: string;
  points: ChartPoint[];
}

// Series colours are CSS classes (series-0 … series-5): the strict CSP allows no inline styles.
export const seriesClass = (i: number) => `series-${i % 6}`;

/**
 * A small line chart of several series on one time axis (commit dates), so points of a branch and
 * of a tag two years older sit where their commits are, not where their runs are.
 */
export function SeriesChart(props: { series: ChartSeries[]; label: string; digits: number }) {
  const W = 300;
  const H = 120;
  const P = 14;
  const L = 56;
  const all = props.series.flatMap((s) => s.points).filter((p) => p.v !== null);
  const vs = all.map((p) => p.v as number);
  const ts = all.map((p) => p.t);
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  const t0 = Math.min(...ts);
  const t1 = Math.max(...ts);
  const span = hi - lo || Math.abs(hi) || 1;
  const x = (t: number) => (t1 === t0 ? (L + W - P) / 2 : L + ((W - L - P) * (t - t0)) / (t1 - t0));
  const y = (v: number) => H - P - ((H - 2 * P) * (v - lo)) / span;
  const last = props.series[0]?.points.filter((p) => p.v !== null).at(-1);
  return (
    <figure className="spark">
      <figcaption>
        {props.label}: <strong>{last ? fmt(last.v, props.digits) : '–'}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${props.label} over ${all.length} commits`}>
        {all.length > 0 && (
          <>
            <line x1={L} x2={W - P} y1={y(hi)} y2={y(hi)} className="grid" />
            <line x1={L} x2={W - P} y1={y(lo)} y2={y(lo)} className="axis" />
          </>
        )}
        {props.series.map((s, i) => {
          const pts = s.points.filter((p) => p.v !== null);
          return (
            <g key={s.ref} className={seriesClass(i)} data-series={s.ref}>
              {pts.length > 1 && (
                <polyline
                  className="line"
                  points={pts.map((p) => `${x(p.t)},${y(p.v as number)}`).join(' ')}
                  fill="none"
                />
              )}
              {pts.map((p) => (
                <circle
                  key={p.key}
                  cx={x(p.t)}
                  cy={y(p.v as number)}
                  r={p.current ? 5 : 3.5}
                  className={p.current ? 'pt current' : 'pt'}
                >
                  <title>{`${s.ref} · ${p.label}: ${fmt(p.v, props.digits)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
        {all.length > 0 && (
          <text x={L - 6} y={y(hi) + 4} textAnchor="end" className="tick">
            {fmt(hi, props.digits)}
          </text>
        )}
        {all.length > 0 && hi !== lo && (
          <text x={L - 6} y={y(lo) + 4} textAnchor="end" className="tick">
            {fmt(lo, props.digits)}
          </text>
        )}
      </svg>
    </figure>
  );
}

/** The series' names with their colours. */
export function SeriesLegend({ refs }: { refs: string[] }) {
  if (refs.length < 2) return null;
  return (
    <ul className="legend series-legend" aria-label="Series">
      {refs.map((r, i) => (
        <li key={r} className={seriesClass(i)}>
          <span className="swatch" aria-hidden="true" /> <code>{r}</code>
        </li>
      ))}
    </ul>
  );
}
