import type { Analysis } from '../api/types.js';
import { GateView } from '../charts/gate-view.js';
import { Heatmap } from '../charts/heatmap-view.js';
import { ReportView } from '../charts/report-view.js';
import { Scatter } from '../charts/scatter-view.js';
import { Trend } from '../charts/trend-view.js';
import { parseGate } from '../lib/gate.js';
import { linkProps } from '../lib/router.js';
import { useFiles } from '../lib/use-files.js';

const VIEWS = [
  ['trend', 'Trend'],
  ['heatmap', 'Heatmap'],
  ['scatter', 'Scatter'],
  ['gate', 'Quality gate'],
  ['report', 'PDF & share card'],
] as const;

/** The Insights area: one view at a time, named in the path; gate thresholds ride along in the query. */
export function Insights({
  analysis,
  view,
  query,
}: {
  analysis: Analysis;
  view: string;
  query: URLSearchParams;
}) {
  const { files, error } = useFiles(analysis.id);
  const gate = parseGate(query);
  const qs = query.toString();
  const base = `/analyses/${analysis.id}/insights`;
  const history = analysis.summary?.history_enabled === true || analysis.settings?.history === true;
  let body: React.ReactNode = null;
  if (view === 'trend') body = <Trend analysis={analysis} />;
  else if (!files) body = error ? <p className="error">{error}</p> : <p className="muted">Loading files…</p>;
  else if (view === 'heatmap') body = <Heatmap files={files} gate={gate} />;
  else if (view === 'scatter') body = <Scatter files={files} history={history} gate={gate} />;
  else if (view === 'gate') body = <GateView analysis={analysis} files={files} gate={gate} query={query} />;
  else if (view === 'report') body = <ReportView analysis={analysis} />;
  else body = <p>Unknown view.</p>;
  return (
    <>
      <nav className="subtabs" aria-label="Insights views">
        {VIEWS.map(([key, label]) => (
          <a
            key={key}
            {...linkProps(`${base}/${key}${qs ? `?${qs}` : ''}`)}
            aria-current={view === key ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      {body}
    </>
  );
}
