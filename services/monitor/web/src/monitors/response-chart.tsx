import { useMemo } from 'react';
import { LineChart } from '../components/line-chart.js';
import { describePoint, downSpans, figuresLine, nearestPoint, rangeFigures } from './chart-data.js';
import type { Series } from './history-api.js';

/** The detail page's response-time chart of one range, with its figures and what its points are. */
export function ResponseChart({ series, label, note }: { series: Series; label: string; note: string }) {
  const { points, periodMs } = series;
  const downs = useMemo(() => downSpans(points, periodMs, series.to), [points, periodMs, series.to]);
  const figures = useMemo(() => figuresLine(rangeFigures(points, periodMs), periodMs), [points, periodMs]);
  return (
    <>
      <LineChart
        points={points}
        from={series.from}
        to={series.to}
        label={label}
        downs={downs}
        nearest={nearestPoint}
        describe={(p) => describePoint(p, periodMs)}
      />
      {figures && (
        <p className="chart-figures" data-testid="chart-figures">
          {figures}
        </p>
      )}
      <p className="muted small">{note}</p>
    </>
  );
}
