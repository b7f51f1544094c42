import { type KeyboardEvent, type PointerEvent, useMemo, useState } from 'react';
import type { ChartPoint, TimeSpan } from './chart-types.js';

const W = 800;
const H = 220;
const PAD = { l: 48, r: 12, t: 12, b: 28 };

/**
 * Response time over a time span as an SVG line; downtime shaded and failed checks marked in red
 * below the axis. Pointing at the chart (or the arrow keys once it has focus) reads the nearest point
 * out in a tooltip that is also announced.
 */
export function LineChart({
  points,
  from,
  to,
  label,
  downs,
  nearest,
  describe,
}: {
  points: ChartPoint[];
  from: number;
  to: number;
  label: string;
  downs: TimeSpan[];
  /** The index of the point nearest a time (points oldest first). */
  nearest: (points: ChartPoint[], t: number) => number;
  /** The tooltip's lines for a point. */
  describe: (p: ChartPoint) => string[];
}) {
  const [active, setActive] = useState<number | null>(null);
  const geo = useMemo(() => {
    const vals = points.filter((p) => p.ms !== null).map((p) => p.ms!);
    const max = niceMax(vals.length ? Math.max(...vals) : 100);
    const span = Math.max(1, to - from);
    // Clamped: a bucket that starts before the range (the first hour of a 7-day range) sits on its edge.
    const x = (t: number) => PAD.l + (Math.min(Math.max(t - from, 0), span) / span) * (W - PAD.l - PAD.r);
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
      x,
      y,
      span,
      dots,
      path: d,
      marks: points.filter((p) => !p.up).map((p) => x(p.t)),
      shades: downs.map((s) => ({ x: x(s.from), w: Math.max(2, x(s.to) - x(s.from)) })),
      yTicks: [0, max / 2, max].map((v) => ({ v, y: y(v) })),
      xTicks: [0, 0.25, 0.5, 0.75, 1].map((f) => ({ t: from + f * span, x: x(from + f * span) })),
    };
  }, [points, from, to, downs]);
  const short = to - from <= 86_400_000 * 1.01;
  // Within a few minutes, ticks a minute apart or less would all read the same hour and minute.
  const clock: Intl.DateTimeFormatOptions =
    to - from <= 600_000
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' };
  const shown = active !== null ? points[active] : undefined;

  const point = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const vx = ((e.clientX - box.left) / box.width) * W;
    const t = from + ((vx - PAD.l) / (W - PAD.l - PAD.r)) * geo.span;
    const k = nearest(points, t);
    setActive(k < 0 ? null : k);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (points.length === 0) return;
    const last = points.length - 1;
    const at = active ?? last;
    const next: Record<string, number | null> = {
      ArrowLeft: Math.max(0, active === null ? last : at - 1),
      ArrowRight: Math.min(last, active === null ? last : at + 1),
      Home: 0,
      End: last,
      Escape: null,
    };
    if (!(e.key in next)) return;
    e.preventDefault();
    setActive(next[e.key] ?? null);
  };

  const ax = shown ? geo.x(shown.t) : 0;
  // With points the chart is a slider over them (arrow keys, Home, End), its value the point's text;
  // without, a picture that says so.
  const slider = points.length
    ? {
        role: 'slider',
        tabIndex: 0,
        'aria-label': label,
        'aria-valuemin': 0,
        'aria-valuemax': points.length - 1,
        'aria-valuenow': active ?? points.length - 1,
        'aria-valuetext': shown ? describe(shown).join(', ') : 'arrow keys read single points',
        onKeyDown: key,
        onBlur: () => setActive(null),
      }
    : {};
  return (
    <div className="chart-wrap" {...slider}>
      <svg
        className="line-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        aria-hidden={points.length ? true : undefined}
        onPointerMove={point}
        onPointerDown={point}
        onPointerLeave={() => setActive(null)}
      >
        {geo.shades.map((s, i) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: spans are positional (clamped ones share an x)
            key={i}
            x={s.x}
            y={PAD.t}
            width={s.w}
            height={H - PAD.t - PAD.b}
            className="down-span"
            data-testid="down-span"
          />
        ))}
        {geo.yTicks.map((t) => (
          <g key={t.v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={t.y} y2={t.y} className="grid" />
            <text x={PAD.l - 6} y={t.y + 4} textAnchor="end" className="axis">
              {Math.round(t.v)} ms
            </text>
          </g>
        ))}
        {geo.xTicks.map((t, i) => (
          <text
            key={t.t}
            x={t.x}
            y={H - 8}
            textAnchor={i === 0 ? 'start' : i === geo.xTicks.length - 1 ? 'end' : 'middle'}
            className="axis"
          >
            {short
              ? new Date(t.t).toLocaleTimeString([], clock)
              : new Date(t.t).toLocaleDateString([], { month: 'short', day: 'numeric' })}
          </text>
        ))}
        {geo.marks.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: markers are positional
          <rect key={i} x={x - 1} y={H - PAD.b + 2} width={2} height={6} className="down-mark" />
        ))}
        <path d={geo.path} className="series" fill="none" />
        {geo.dots.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
          <circle key={i} cx={d.x} cy={d.y} r={2.5} className="series-dot" />
        ))}
        {shown && (
          <g className="crosshair">
            <line x1={ax} x2={ax} y1={PAD.t} y2={H - PAD.b} />
            {shown.ms !== null && <circle cx={ax} cy={geo.y(shown.ms)} r={4} />}
          </g>
        )}
        {points.length === 0 && (
          <text x={W / 2} y={H / 2} textAnchor="middle" className="axis">
            No checks in this range
          </text>
        )}
      </svg>
      <div
        className={`chart-tip${shown ? '' : ' hidden'}${ax > W / 2 ? ' chart-tip-left' : ''}`}
        style={shown ? { left: `${(ax / W) * 100}%` } : undefined}
        aria-hidden="true"
        data-testid="chart-tip"
      >
        {shown &&
          describe(shown).map((line) => (
            <span key={line} className="chart-tip-line">
              {line}
            </span>
          ))}
      </div>
    </div>
  );
}

function niceMax(v: number): number {
  const exp = 10 ** Math.floor(Math.log10(Math.max(1, v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= v) return m * exp;
  return 10 * exp;
}
