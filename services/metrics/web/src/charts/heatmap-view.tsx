import { useCallback, useMemo, useState } from 'react';
import { badness, type HeatMetric, heatColour } from '../../../src/shared-types/colour.js';
import { getCodeAge } from '../api/client.js';
import type { FileRow } from '../api/types.js';
import { HistoryNeeded } from '../components/history-needed.js';
import { AGE_BUCKETS, ageBucket } from '../lib/code-age.js';
import { count, fmt } from '../lib/format.js';
import { type Gate, gateActive, gateFailures } from '../lib/gate.js';
import { useLoad } from '../lib/use-load.js';
import { TreemapChart } from './treemap-chart.js';

type Colour = HeatMetric | 'age';
const METRICS: { key: Colour; label: string }[] = [
  { key: 'cc_max', label: 'maximum complexity' },
  { key: 'cc_avg', label: 'average complexity' },
  { key: 'mi', label: 'maintainability index' },
  { key: 'age', label: 'code age (months since last change)' },
];

/** Treemap of folders and files: area by lines, colour by complexity, MI or code age; gate failures outlined. */
export function Heatmap(props: { id: number; files: FileRow[]; gate: Gate; onOpen: (path: string) => void }) {
  const { id, files, gate } = props;
  const [metric, setMetric] = useState<Colour>('cc_max');
  const age = useLoad(metric === 'age' ? `code-age:${id}` : null, () => getCodeAge(id));
  const byPath = useMemo(() => new Map(files.map((f) => [f.path, f])), [files]);
  const ages = useMemo(
    () => new Map(age.data?.history.available ? age.data.files.map((f) => [f.path, f]) : []),
    [age.data],
  );
  const fills = useMemo(() => {
    const m = new Map<string, string>();
    for (const f of files) {
      if (metric === 'age') {
        const a = ages.get(f.path);
        if (a) m.set(f.path, ageBucket(a.age_months).colour);
      } else {
        const v = metric === 'mi' ? f.mi : metric === 'cc_avg' ? f.cc_avg : f.cc_max;
        m.set(f.path, heatColour(badness(metric, v)));
      }
    }
    return m;
  }, [files, metric, ages]);
  const gated = gateActive(gate);
  const cellClass = useCallback(
    (path: string, side: number) => {
      const f = byPath.get(path);
      if (!gated || !f) return '';
      if (gateFailures(f, gate).length === 0) return 'passing';
      return side < 14 ? 'failing small' : 'failing';
    },
    [byPath, gate, gated],
  );
  const describe = useCallback(
    (path: string) => {
      const f = byPath.get(path);
      if (!f) return path;
      if (metric === 'age') {
        const a = ages.get(path);
        return a
          ? `${path}: ${fmt(f.loc)} lines, last changed ${count(a.age_months, 'month')} ago (${a.last_changed.slice(0, 10)})`
          : `${path}: ${fmt(f.loc)} lines, age unknown`;
      }
      return `${path}: ${fmt(f.loc)} lines, max CC ${fmt(f.cc_max)}, avg CC ${fmt(f.cc_avg, 2)}, MI ${fmt(f.mi, 1)}`;
    },
    [byPath, metric, ages],
  );
  const label = METRICS.find((m) => m.key === metric)?.label ?? metric;
  return (
    <section className="card" aria-labelledby="heatmap-title" data-view="heatmap">
      <div className="table-head">
        <h2 id="heatmap-title">Heatmap</h2>
        <label>
          Colour by{' '}
          <select value={metric} onChange={(e) => setMetric(e.target.value as Colour)}>
            {METRICS.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">
        Area is lines of code;{' '}
        {metric === 'age'
          ? 'colour runs from light (changed this month) to dark (untouched for over two years).'
          : 'colour runs from green (good) to red (bad).'}
        {gated && ' Files failing the quality gate keep their colour and are outlined; the others fade.'}
      </p>
      {metric === 'age' && age.error && (
        <p className="error" role="alert">
          Could not load the code age: {age.error}
        </p>
      )}
      {metric === 'age' && age.loading && <p className="muted">Loading the code age…</p>}
      {metric === 'age' && age.data && !age.loading && !age.data.history.available && (
        <HistoryNeeded history={age.data.history} />
      )}
      <TreemapChart
        files={files}
        fills={fills}
        cellClass={cellClass}
        describe={describe}
        onOpen={props.onOpen}
        label={`Treemap of ${files.length} files coloured by ${label}`}
      />
      {metric === 'age' ? (
        <AgeLegend counts={age.data?.history.available ? age.data.distribution : null} />
      ) : (
        <Legend metric={metric} />
      )}
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

/** The age buckets with the service's count of files in each (the repository's age distribution). */
function AgeLegend({ counts }: { counts: { label: string; files: number }[] | null }) {
  const n = new Map(counts?.map((c) => [c.label, c.files]));
  return (
    <ul className="legend" aria-label="Code age legend">
      {AGE_BUCKETS.map((b) => (
        <li key={b.label} data-bucket={b.label}>
          <span className="swatch" style={{ background: b.colour }} /> {b.label}
          {counts && <span className="muted"> · {count(n.get(b.label) ?? 0, 'file')}</span>}
        </li>
      ))}
    </ul>
  );
}
