import { memo } from 'react';
import type { Point } from '../monitors/live-store.js';

/** Response times of the recent checks as a small line. */
export const Sparkline = memo(function Sparkline({
  points,
  width = 100,
  height = 24,
}: {
  points: Point[] | null;
  width?: number;
  height?: number;
}) {
  const vals = (points ?? []).filter((p) => p.ms !== null).slice(-40);
  if (vals.length < 2) {
    return (
      <svg className="sparkline" width={width} height={height} role="img" aria-label="Not enough data" />
    );
  }
  const max = Math.max(...vals.map((p) => p.ms!), 1);
  const step = width / (vals.length - 1);
  const d = vals
    .map((p, i) => `${(i * step).toFixed(1)},${(height - 2 - (p.ms! / max) * (height - 4)).toFixed(1)}`)
    .join(' ');
  const last = vals[vals.length - 1]!.ms;
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Response time, latest ${last} ms, highest ${max} ms`}
    >
      <polyline points={d} fill="none" strokeWidth={1.5} />
    </svg>
  );
});
