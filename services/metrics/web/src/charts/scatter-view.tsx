import { useMemo, useState } from 'react';
import { niceTicks } from '../../../src/shared-types/ticks.js';
import type { FileRow } from '../api/types.js';
import { fmt } from '../lib/format.js';
import { type Gate, gateActive, gateFailures } from '../lib/gate.js';

const W = 900;
const H = 520;
const PAD = { l: 64, r: 20, t: 20, b: 48 };

type YKey = 'cc_total' | 'cc_max' | 'cognitive_max';
const Y_OPTIONS: { key: YKey; label: string }[] = [
  { key: 'cc_total', label: 'total complexity' },
  { key: 'cc_max', label: 'maximum complexity' },
  { key: 'cognitive_max', label: 'maximum cognitive complexity' },
];

/** Complexity against revisions (hotspots) when history is on, against lines otherwise. */
export function Scatter({
  files,
  history,
  gate,
  onOpen,
}: {
  files: FileRow[];
  history: boolean;
  gate: Gate;
  onOpen: (path: string) => void;
}) {
  const [yKey, setYKey] = useState<YKey>('cc_total');
  const [hover, setHover] = useState<{ f: FileRow; x: number; y: number } | null>(null);
  const xKey = history ? 'revisions' : 'loc';
  const xLabel = history ? 'revisions (commits touching the file)' : 'lines of code';
  const pts = useMemo(
    () =>
      files
        .map((f) => ({ f, x: f[xKey], y: f[yKey] }))
        .filter((p): p is { f: FileRow; x: number; y: number } => p.x !== null && p.y !== null),
    [files, xKey, yKey],
  );
  const xTicks = niceTicks(Math.max(1, ...pts.map((p) => p.x)));
  const yTicks = niceTicks(Math.max(1, ...pts.map((p) => p.y)));
  const maxX = xTicks.at(-1) ?? 1;
  const maxY = yTicks.at(-1) ?? 1;
  const sx = (v: number) => PAD.l + ((W - PAD.l - PAD.r) * v) / maxX;
  const sy = (v: number) => H - PAD.b - ((H - PAD.t - PAD.b) * v) / maxY;
  const gated = gateActive(gate);
  const yLabel = Y_OPTIONS.find((o) => o.key === yKey)?.label ?? yKey;
  const byPath = useMemo(() => new Map(pts.map((p) => [p.f.path, p])), [pts]);
  // One handler on the chart for every point: hover and keyboard focus both show the label.
  const showFrom = (e: React.SyntheticEvent) => {
    const p = byPath.get((e.target as Element).getAttribute('data-path') ?? '');
    setHover(p ? { f: p.f, x: sx(p.x), y: sy(p.y) } : null);
  };
  const openFrom = (e: React.SyntheticEvent) => {
    const path = (e.target as Element).getAttribute('data-path');
    if (path) onOpen(path);
  };
  // The top right corner holds the hotspots: the worst ten get a visible label and keyboard focus.
  const hotspots = useMemo(
    () =>
      new Set(
        [...pts]
          .sort((a, b) => b.x / maxX + b.y / maxY - (a.x / maxX + a.y / maxY))
          .slice(0, 10)
          .map((p) => p.f.path),
      ),
    [pts, maxX, maxY],
  );

  return (
    <section className="card" aria-labelledby="scatter-title" data-view="scatter">
      <div className="table-head">
        <h2 id="scatter-title">
          {history ? 'Hotspots: complexity against revisions' : 'Complexity against lines'}
        </h2>
        <label>
          Complexity axis{' '}
          <select value={yKey} onChange={(e) => setYKey(e.target.value as YKey)}>
            {Y_OPTIONS.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!history && (
        <p className="muted">History is off for this run (shallow clone), so lines stand in for revisions.</p>
      )}
      <div className="chart-wrap">
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG group of dots; there is no HTML element for it. */}
        <svg
          onMouseOver={showFrom}
          onFocus={showFrom}
          onMouseLeave={() => setHover(null)}
          onBlur={() => setHover(null)}
          onClick={openFrom}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            openFrom(e);
          }}
          viewBox={`0 0 ${W} ${H}`}
          className="scatter"
          role="group"
          aria-label={`${pts.length} files: ${yKey} against ${xKey}`}
        >
          {xTicks.map((t) => (
            <g key={`x${t}`}>
              <line x1={sx(t)} x2={sx(t)} y1={PAD.t} y2={H - PAD.b} className="grid" />
              <text x={sx(t)} y={H - PAD.b + 16} textAnchor="middle" className="tick">
                {fmt(t, t % 1 ? 1 : 0)}
              </text>
            </g>
          ))}
          {yTicks.map((t) => (
            <g key={`y${t}`}>
              <line x1={PAD.l} x2={W - PAD.r} y1={sy(t)} y2={sy(t)} className="grid" />
              <text x={PAD.l - 6} y={sy(t) + 4} textAnchor="end" className="tick">
                {fmt(t, t % 1 ? 1 : 0)}
              </text>
            </g>
          ))}
          <text x={(W + PAD.l) / 2} y={H - 8} textAnchor="middle" className="axis-label">
            {xLabel}
          </text>
          <text
            x={16}
            y={(H - PAD.b) / 2}
            textAnchor="middle"
            className="axis-label"
            transform={`rotate(-90 16 ${(H - PAD.b) / 2})`}
          >
            {Y_OPTIONS.find((o) => o.key === yKey)?.label}
          </text>
          {pts.map((p) => {
            const fails = gated && gateFailures(p.f, gate).length > 0;
            const hot = hotspots.has(p.f.path);
            return (
              <circle
                key={p.f.path}
                cx={sx(p.x)}
                cy={sy(p.y)}
                r={hot ? 6 : 4}
                className={`dot${fails ? ' failing' : ''}${hot ? ' hot' : ''}`}
                data-path={p.f.path}
                tabIndex={hot ? 0 : undefined}
                role={hot ? 'button' : undefined}
                aria-label={hot ? `${p.f.path}: ${p.y} against ${p.x}` : undefined}
              />
            );
          })}
        </svg>
        {hover && (
          <div
            // Near the right edge the label opens to the left so it never leaves the chart.
            className={hover.x > W * 0.6 ? 'tooltip tooltip-left' : 'tooltip'}
            role="tooltip"
            style={{ left: `${(100 * hover.x) / W}%`, top: `${(100 * hover.y) / H}%` }}
          >
            <strong>{hover.f.path}</strong>
            <br />
            {history ? 'revisions' : 'lines'}: {fmt(hover.f[xKey])} · {yLabel}: {fmt(hover.f[yKey])}
          </div>
        )}
      </div>
    </section>
  );
}
