import { memo } from 'react';
import type { Point } from '../monitors/live-store.js';

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
  const down = shown.filter((p) => !p.up).length;
  const label = shown.length
    ? `Last ${shown.length} checks: ${shown.length - down} up, ${down} down`
    : 'No checks yet';
  return (
    <svg
      className="checks-bar"
      viewBox={`0 0 ${slots * 4} 16`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {shown.map((p, i) => (
        <rect
          key={p.id}
          x={(pad + i) * 4}
          y={0}
          width={3}
          height={16}
          rx={1}
          className={p.up ? 'cell-up' : 'cell-down'}
        />
      ))}
      {Array.from({ length: pad }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <rect key={`e${i}`} x={i * 4} y={0} width={3} height={16} rx={1} className="cell-empty" />
      ))}
    </svg>
  );
});
