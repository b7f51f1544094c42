import { useRef } from 'react';
import type { Analysis } from '../api/types.js';
import { CouplingView } from '../charts/coupling-view.js';
import { GateView } from '../charts/gate-view.js';
import { Heatmap } from '../charts/heatmap-view.js';
import { HotspotsView } from '../charts/hotspots-view.js';
import { KnowledgeView } from '../charts/knowledge-view.js';
import { ReportView } from '../charts/report-view.js';
import { Scatter } from '../charts/scatter-view.js';
import { FileDetail } from '../components/file-detail.js';
import { SavedGate } from '../gate/saved-gate.js';
import { repoName } from '../lib/format.js';
import { gateFailures, gateParams, newCodeBase, parseGate } from '../lib/gate.js';
import { linkProps, navigate } from '../lib/router.js';
import { useFiles } from '../lib/use-files.js';
import { useNewCode } from '../new-code/use-new-code.js';
import { Trend } from '../trends/trend-view.js';

const VIEWS = [
  ['trend', 'Trend'],
  ['heatmap', 'Heatmap'],
  ['scatter', 'Scatter'],
  ['hotspots', 'Hotspots'],
  ['coupling', 'Coupling'],
  ['knowledge', 'Knowledge'],
  ['gate', 'Quality gate'],
  ['report', 'PDF & share card'],
] as const;

/**
 * The Insights area: one view at a time, named in the path; gate thresholds ride along in the query,
 * and `?file=` opens the drill-down of a file above the view (a cell, dot or row opens it).
 */
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
  const gateQs = gateParams(query).toString();
  const newCode = useNewCode(analysis.id, newCodeBase(query));
  const base = `/analyses/${analysis.id}/insights`;
  const history = analysis.summary?.history_enabled === true || analysis.settings?.history === true;
  const selectedPath = query.get('file');
  const selected = selectedPath && files ? files.find((f) => f.path === selectedPath) : undefined;
  // Closing the drill-down puts focus back on the cell or row that opened it.
  const opener = useRef<Element | null>(null);
  const open = (path: string | null) => {
    const q = new URLSearchParams(query);
    if (path) {
      opener.current = document.activeElement;
      q.set('file', path);
    } else q.delete('file');
    const s = q.toString();
    navigate(`${base}/${view}${s ? `?${s}` : ''}`);
    if (!path) {
      const el = opener.current;
      requestAnimationFrame(() =>
        el instanceof HTMLElement || el instanceof SVGElement ? el.focus() : null,
      );
    }
  };
  const onOpen = (path: string) => open(path);
  const id = analysis.id;
  let body: React.ReactNode = null;
  if (view === 'trend') body = <Trend analysis={analysis} />;
  else if (!files) body = error ? <p className="error">{error}</p> : <p className="muted">Loading files…</p>;
  else if (view === 'heatmap') body = <Heatmap id={id} files={files} gate={gate} onOpen={onOpen} />;
  else if (view === 'scatter') body = <Scatter files={files} history={history} gate={gate} onOpen={onOpen} />;
  else if (view === 'hotspots') body = <HotspotsView id={id} files={files} onOpen={onOpen} />;
  else if (view === 'coupling') body = <CouplingView id={id} onOpen={onOpen} />;
  else if (view === 'knowledge') body = <KnowledgeView id={id} files={files} onOpen={onOpen} />;
  else if (view === 'gate')
    body = (
      <>
        <SavedGate analysis={analysis} />
        <GateView
          analysis={analysis}
          files={files}
          gate={gate}
          query={query}
          newCode={newCode.data}
          newCodeError={newCode.error}
        />
      </>
    );
  else if (view === 'report') body = <ReportView analysis={analysis} />;
  else
    body = (
      <p role="alert">
        There is no Insights view named <code>{view}</code>: pick one of the views above.
      </p>
    );
  return (
    <>
      <nav className="subtabs" aria-label="Insights views">
        {VIEWS.map(([key, label]) => (
          <a
            key={key}
            {...linkProps(`${base}/${key}${gateQs ? `?${gateQs}` : ''}`)}
            aria-current={view === key ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      {selected && view !== 'trend' && (
        <FileDetail
          id={id}
          file={selected}
          failures={gateFailures(selected, gate)}
          onClose={() => open(null)}
          repo={repoName(analysis.repo_url)}
        />
      )}
      {body}
    </>
  );
}
