import { useEffect, useMemo, useRef, useState } from 'react';
import { type TreemapInput, treemapLayout } from '../../../src/shared-types/treemap-layout.js';
import { type Direction, neighbour, readingOrder } from '../lib/treemap-nav.js';

const W = 1100;
const H = 620;
const GREY = '#9aa0a6';
const KEYS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export interface TreemapChartProps {
  files: TreemapInput[];
  /** The colour of each file's cell; files missing here are grey. */
  fills: Map<string, string>;
  /** Extra classes of a cell (the quality gate's outline); `side` is its shorter side in chart units. */
  cellClass?: (path: string, side: number) => string;
  /** One line about a file, shown while it is pointed at or focused, and its accessible name. */
  describe: (path: string) => string;
  onOpen: (path: string) => void;
  /** The accessible name of the whole chart. */
  label: string;
}

/**
 * The treemap of folders and files (area by lines) shared by the heatmap, hotspot and knowledge views.
 * The map is one tab stop: arrow keys move to the neighbouring file, Home and End to the first and last,
 * Enter or Space opens the file, as a click does.
 */
export function TreemapChart({ files, fills, cellClass, describe, onOpen, label }: TreemapChartProps) {
  const cells = useMemo(() => treemapLayout(files, W, H), [files]);
  const leaves = useMemo(() => readingOrder(cells.filter((c) => c.leaf)), [cells]);
  const byPath = useMemo(() => new Map(leaves.map((c) => [c.path, c])), [leaves]);
  const [active, setActive] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const moved = useRef(false);
  const current = active !== null && byPath.has(active) ? active : (leaves[0]?.path ?? null);

  // Focus follows the roving tab stop once React has moved it.
  useEffect(() => {
    if (!moved.current || current === null) return;
    moved.current = false;
    svg.current?.querySelector<SVGElement>(`[data-path="${CSS.escape(current)}"]`)?.focus();
  }, [current]);

  const labels = useMemo(
    () =>
      cells.filter((c) =>
        c.leaf ? c.x1 - c.x0 > 50 && c.y1 - c.y0 > 16 : c.x1 - c.x0 > 40 && c.y1 - c.y0 > 40,
      ),
    [cells],
  );
  // Rectangles first, labels after: one element per file keeps 10,000 files quick to draw. Hovering
  // only changes the line above the chart, so the rectangles are not rebuilt for it.
  const rects = useMemo(
    () =>
      cells.map((c) => {
        const w = c.x1 - c.x0;
        const h = c.y1 - c.y0;
        if (!c.leaf)
          return <rect key={`d:${c.path}`} x={c.x0} y={c.y0} width={w} height={h} className="folder" />;
        const extra = cellClass?.(c.path, Math.min(w, h));
        const isCurrent = c.path === current;
        return (
          // biome-ignore lint/a11y/useSemanticElements: SVG has no button element; the cell acts as one.
          <rect
            key={c.path}
            x={c.x0}
            y={c.y0}
            width={w}
            height={h}
            fill={fills.get(c.path) ?? GREY}
            className={extra ? `cell ${extra}` : 'cell'}
            data-path={c.path}
            role="button"
            tabIndex={isCurrent ? 0 : -1}
            aria-label={isCurrent ? describe(c.path) : c.path}
          />
        );
      }),
    [cells, fills, cellClass, current, describe],
  );

  const pathOf = (e: React.SyntheticEvent) => (e.target as Element).getAttribute('data-path');
  const onKeyDown = (e: React.KeyboardEvent) => {
    const path = pathOf(e);
    const from = path ? byPath.get(path) : undefined;
    if (!path || !from) return;
    let to: string | null | undefined;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(path);
      return;
    }
    const dir = KEYS[e.key];
    if (dir) to = neighbour(leaves, from, dir)?.path;
    else if (e.key === 'Home') to = leaves[0]?.path;
    else if (e.key === 'End') to = leaves.at(-1)?.path;
    else return;
    e.preventDefault();
    if (to) {
      moved.current = true;
      setActive(to);
      setHover(to);
    }
  };

  return (
    <>
      <p className="hover-info" aria-live="polite">
        {hover && byPath.has(hover)
          ? describe(hover)
          : 'Point at a file, or Tab to the map and use the arrow keys, for its numbers; click or Enter opens it.'}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG group of cells; there is no HTML element for it. */}
      <svg
        ref={svg}
        onMouseOver={(e) => setHover(pathOf(e))}
        onFocus={(e) => {
          const p = pathOf(e);
          if (p) {
            setActive(p);
            setHover(p);
          }
        }}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          const p = pathOf(e);
          if (p) onOpen(p);
        }}
        onKeyDown={onKeyDown}
        viewBox={`0 0 ${W} ${H}`}
        className="treemap"
        role="group"
        aria-label={label}
      >
        {rects}
        {labels.map((c) => (
          <text
            key={`t:${c.path}`}
            x={c.x0 + 3}
            y={c.y0 + (c.leaf ? 12 : 11)}
            className={
              c.leaf
                ? isLight(fills.get(c.path) ?? GREY)
                  ? 'cell-label on-light'
                  : 'cell-label'
                : 'folder-label'
            }
          >
            {truncate(c.name, (c.x1 - c.x0) / 6.5)}
          </text>
        ))}
      </svg>
    </>
  );
}

/** Whether a `#rrggbb` fill is light enough that white text on it would be hard to read. */
function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  if (hex.length !== 7 || Number.isNaN(n)) return false;
  // Rec. 709 luma of the sRGB values: good enough to pick black or white text.
  return 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255) > 165;
}

const truncate = (s: string, n: number) =>
  s.length <= n ? s : `${s.slice(0, Math.max(1, Math.floor(n) - 1))}…`;
