import { useMemo } from 'react';

export interface ChartPoint {
  t: number;
  ms: number | null;
  up: boolean;
}

const W = 800;
const H = 220;
const PAD = { l: 48, r: 12, t: 12, b: 28 };

/** Response time over a time span as an SVG line; failed checks are marked in red below the axis. */
export function LineChart({
  points,
  from,
  to,
  label,
}: {
  points: ChartPoint[];
  from: number;
  to: number;
  label: string;
}) {
  const { path, dots, downs, yTicks, xTicks } = useMemo(() => {
    const vals = points.filter((p) => p.ms !== null).map((p) => p.ms!);
    const max = niceMax(vals.length ? Math.max(...vals) : 100);
    const span = Math.max(1, to - from);
    const x = (t: number) => PAD.l + ((t - from) / span) * (W - PAD.l - PAD.r);
    const y = (ms: number) => H - PAD.b - (ms / max) * (H - PAD.t - PAD.b);
    let d = '';
    let pen = false;
    for (const p of points) {
      if (p.ms === null) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.ms).toFixed(1)}`;
      pen = true;
    }
    // Few points make a line hard to see: mark each one.
    const dots =
      points.length <= 60 ? points.filter((p) => p.ms !== null).map((p) => ({ x: x(p.t), y: y(p.ms!) })) : [];
    return {
      dots,
      path: d,
      downs: points.filter((p) => !p.up).map((p) => x(p.t)),
      yTicks: [0, max / 2, max].map((v) => ({ v, y: y(v) })),
      xTicks: [0, 0.25, 0.5, 0.75, 1].map((f) => ({ t: from + f * span, x: x(from + f * span) })),
    };
  }, [points, from, to]);
  const short = to - from <= 86_400_000 * 1.01;
  return (
    <svg className="line-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {yTicks.map((t) => (
        <g key={t.v}>
          <line x1={PAD.l} x2={W - PAD.r} y1={t.y} y2={t.y} className="grid" />
          <text x={PAD.l - 6} y={t.y + 4} textAnchor="end" className="axis">
            {Math.round(t.v)} ms
          </text>
        </g>
      ))}
      {xTicks.map((t, i) => (
        <text
          key={t.t}
          x={t.x}
          y={H - 8}
          textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
          className="axis"
        >
          {short
            ? new Date(t.t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
            : new Date(t.t).toLocaleDateString([], { month: 'short', day: 'numeric' })}
        </text>
      ))}
      {downs.map((x, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: markers are positional
        <rect key={i} x={x - 1} y={H - PAD.b + 2} width={2} height={6} className="down-mark" />
      ))}
      <path d={path} className="series" fill="none" />
      {dots.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
        <circle key={i} cx={d.x} cy={d.y} r={2.5} className="series-dot" />
      ))}
      {points.length === 0 && (
        <text x={W / 2} y={H / 2} textAnchor="middle" className="axis">
          No checks in this range
        </text>
      )}
    </svg>
  );
}

function niceMax(v: number): number {
  const exp = 10 ** Math.floor(Math.log10(Math.max(1, v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= v) return m * exp;
  return 10 * exp;
}
