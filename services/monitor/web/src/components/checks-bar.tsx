import { memo } from 'react';
import type { Point } from '../monitors/live-store.js';

const CELL = 4;

/** One SVG path of cells (a path per colour keeps the DOM small: three nodes instead of one per check). */
function cells(slots: number[]): string {
  return slots.map((i) => `M${i * CELL} 0h3v16h-3z`).join('');
}

function beatText(p: Point): string {
  const at = new Date(p.t).toLocaleString([], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return `${at} · ${p.up ? 'up' : 'down'}${p.ms === null ? '' : ` · ${Math.round(p.ms)} ms`}`;
}

/** The last `slots` checks as a row of cells, newest on the right; empty slots are grey. */
export const ChecksBar = memo(function ChecksBar({
  points,
  slots = 30,
}: {
  points: Point[] | null;
  slots?: number;
}) {
  const shown = (points ?? []).slice(-slots);
  const pad = slots - shown.length;
  const up: number[] = [];
  const down: number[] = [];
  shown.forEach((p, i) => {
    (p.up ? up : down).push(pad + i);
  });
  const empty = Array.from({ length: pad }, (_, i) => i);
  const label = shown.length
    ? `Last ${shown.length} checks: ${up.length} up, ${down.length} down`
    : 'No checks yet';
  return (
    <svg
      className="checks-bar"
      viewBox={`0 0 ${slots * CELL} 16`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {empty.length > 0 && <path d={cells(empty)} className="cell-empty" />}
      {up.length > 0 && <path d={cells(up)} className="cell-up" />}
      {down.length > 0 && <path d={cells(down)} className="cell-down" />}
      {shown.map((p, i) => (
        // One hover target per check (the colours stay three paths): its time, status and time taken.
        <rect key={p.id} x={(pad + i) * CELL} y={0} width={CELL} height={16} className="cell-hit">
          <title>{beatText(p)}</title>
        </rect>
      ))}
    </svg>
  );
});
