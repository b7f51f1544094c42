import { useMemo, useState } from 'react';
import { badness, type HeatMetric, heatColour } from '../../../src/reports/colour.js';
import { treemapLayout } from '../../../src/reports/treemap-layout.js';
import type { FileRow } from '../api/types.js';
import { fmt } from '../lib/format.js';
import { type Gate, gateActive, gateFailures } from '../lib/gate.js';

const W = 1100;
const H = 620;
const METRICS: { key: HeatMetric; label: string }[] = [
  { key: 'cc_max', label: 'maximum complexity' },
  { key: 'cc_avg', label: 'average complexity' },
  { key: 'mi', label: 'maintainability index' },
];

/** Treemap of folders and files: area by lines, colour by complexity or MI; gate failures outlined. */
export function Heatmap({ files, gate }: { files: FileRow[]; gate: Gate }) {
  const [metric, setMetric] = useState<HeatMetric>('cc_max');
  const [hover, setHover] = useState<FileRow | null>(null);
  const byPath = useMemo(() => new Map(files.map((f) => [f.path, f])), [files]);
  const cells = useMemo(() => treemapLayout(files, W, H), [files]);
  const labels = useMemo(
    () =>
      cells.filter((c) =>
        c.leaf ? c.x1 - c.x0 > 50 && c.y1 - c.y0 > 16 : c.x1 - c.x0 > 40 && c.y1 - c.y0 > 40,
      ),
    [cells],
  );
  const gated = gateActive(gate);
  // One handler for every cell: the cell under the pointer names its file in data-path.
  const showFrom = (e: React.SyntheticEvent) =>
    setHover(byPath.get((e.target as Element).getAttribute('data-path') ?? '') ?? null);
  return (
    <section className="card" aria-labelledby="heatmap-title" data-view="heatmap">
      <div className="table-head">
        <h2 id="heatmap-title">Heatmap</h2>
        <label>
          Colour by{' '}
          <select value={metric} onChange={(e) => setMetric(e.target.value as HeatMetric)}>
            {METRICS.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">
        Area is lines of code; colour runs from green (good) to red (bad).
        {gated && ' Files failing the quality gate keep their colour and are outlined; the others fade.'}
      </p>
      <p className="hover-info" aria-live="polite">
        {hover
          ? `${hover.path}: ${fmt(hover.loc)} lines, max CC ${fmt(hover.cc_max)}, avg CC ${fmt(hover.cc_avg, 2)}, MI ${fmt(hover.mi, 1)}`
          : 'Point at a file for its numbers.'}
      </p>
      <svg
        onMouseOver={showFrom}
        onFocus={showFrom}
        onMouseLeave={() => setHover(null)}
        viewBox={`0 0 ${W} ${H}`}
        className="treemap"
        role="img"
        aria-label={`Treemap of ${files.length} files coloured by ${metric}`}
      >
        {/* Rectangles first, labels after: one element per file keeps 10,000 files quick to draw. */}
        {cells.map((c) => {
          const w = c.x1 - c.x0;
          const h = c.y1 - c.y0;
          if (!c.leaf) {
            return <rect key={`d:${c.path}`} x={c.x0} y={c.y0} width={w} height={h} className="folder" />;
          }
          const f = byPath.get(c.path);
          const v = f ? (metric === 'mi' ? f.mi : metric === 'cc_avg' ? f.cc_avg : f.cc_max) : null;
          const fails = gated && f ? gateFailures(f, gate).length > 0 : false;
          return (
            <rect
              key={c.path}
              x={c.x0}
              y={c.y0}
              width={w}
              height={h}
              fill={heatColour(badness(metric, v))}
              className={cellClass(gated, fails, Math.min(w, h))}
              data-path={c.path}
            />
          );
        })}
        {labels.map((c) => (
          <text
            key={`t:${c.path}`}
            x={c.x0 + 3}
            y={c.y0 + (c.leaf ? 12 : 11)}
            className={c.leaf ? 'cell-label' : 'folder-label'}
          >
            {truncate(c.name, (c.x1 - c.x0) / 6.5)}
          </text>
        ))}
      </svg>
      <Legend metric={metric} />
    </section>
  );
}

function Legend({ metric }: { metric: HeatMetric }) {
  const stops =
    metric === 'mi' ? [100, 75, 50, 25, 0] : metric === 'cc_avg' ? [1, 4, 8, 12, 16] : [1, 7, 13, 19, 26];
  return (
    <ul className="legend" aria-label="Colour legend">
      {stops.map((s) => (
        <li key={s}>
          <span className="swatch" style={{ background: heatColour(badness(metric, s)) }} /> {s}
          {metric !== 'mi' && s === stops.at(-1) ? '+' : ''}
        </li>
      ))}
    </ul>
  );
}

/** Under a gate, passing files fade and failing ones keep their colour and get an outline sized to fit. */
function cellClass(gated: boolean, fails: boolean, side: number): string {
  if (!gated) return 'cell';
  if (!fails) return 'cell passing';
  return side < 14 ? 'cell failing small' : 'cell failing';
}

const truncate = (s: string, n: number) =>
  s.length <= n ? s : `${s.slice(0, Math.max(1, Math.floor(n) - 1))}…`;
