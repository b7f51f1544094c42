import type { Analysis } from '../api/types.js';
import { Downloads } from '../components/downloads-card.js';
import { FileDetail } from '../components/file-detail.js';
import { FileTable } from '../components/file-table.js';
import { Kpis } from '../components/kpi-cards.js';
import { RunExclusions } from '../exclusions/run-exclusions.js';
import { DashboardVerdict } from '../gate/verdict-panel.js';
import { repoName } from '../lib/format.js';
import { gateFailures, newCodeBase, parseGate } from '../lib/gate.js';
import { navigate } from '../lib/router.js';
import { useFiles } from '../lib/use-files.js';
import { NewCodeBar } from '../new-code/new-code-bar.js';
import { useNewCode } from '../new-code/use-new-code.js';

/** KPI cards, downloads, the file table and the drill-down of the file named by `?file=`. */
export function Dashboard({ analysis, query }: { analysis: Analysis; query: URLSearchParams }) {
  const { files: allFiles, error } = useFiles(analysis.id);
  const gate = parseGate(query);
  // With a new-code base the table (and so the gate's marks) holds only the files added or changed since it.
  const base = newCodeBase(query);
  const newCode = useNewCode(analysis.id, base);
  const files =
    allFiles && base ? (newCode.paths ? allFiles.filter((f) => newCode.paths?.has(f.path)) : null) : allFiles;
  const selectedPath = query.get('file');
  const selected = selectedPath && files ? files.find((f) => f.path === selectedPath) : undefined;
  const history = analysis.summary?.history_enabled === true || analysis.settings?.history === true;

  const open = (path: string | null) => {
    const q = new URLSearchParams(query);
    if (path) q.set('file', path);
    else q.delete('file');
    const s = q.toString();
    navigate(`/analyses/${analysis.id}${s ? `?${s}` : ''}`);
  };
  // Closing the panel hands focus back to the row it was opened from, where the reader left off.
  const close = () => {
    const path = selectedPath;
    open(null);
    if (path) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`tr[data-path="${CSS.escape(path)}"] td.path button`)
          ?.focus({ preventScroll: true }),
      );
    }
  };

  return (
    <>
      {analysis.summary && <Kpis s={analysis.summary} pylintStatus={analysis.pylint_status} />}
      <Downloads id={analysis.id} />
      <DashboardVerdict id={analysis.id} />
      <RunExclusions analysis={analysis} />
      <NewCodeBar analysis={analysis} query={query} base={base} data={newCode.data} error={newCode.error} />
      {error && (
        <p className="error" role="alert">
          Could not load the files: {error}
        </p>
      )}
      {!files && !error && !newCode.error && <p className="muted">Loading files…</p>}
      {selectedPath && files && !selected && (
        <p className="error" role="alert">
          No file <code>{selectedPath}</code> in this run.
        </p>
      )}
      {/* The panel opens beside the table (over it on narrow screens), so the table keeps its place. */}
      <div className={selected ? 'files-area with-panel' : 'files-area'}>
        {files && (
          <FileTable
            files={files}
            history={history}
            gate={gate}
            selected={selectedPath}
            onOpen={open}
            analysisId={analysis.id}
          />
        )}
        {selected && (
          <FileDetail
            id={analysis.id}
            file={selected}
            failures={gateFailures(selected, gate)}
            onClose={close}
            repo={repoName(analysis.repo_url)}
          />
        )}
      </div>
    </>
  );
}
