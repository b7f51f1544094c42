import { useCallback, useMemo, useState } from 'react';
import { heatColour } from '../../../src/shared-types/colour.js';
import { getAllHotspots, getHotspots } from '../api/client.js';
import type { FileRow, HotspotFolder, HotspotItem } from '../api/types.js';
import { HistoryNeeded } from '../components/history-needed.js';
import { Pager } from '../components/pager.js';
import { ScoreBar } from '../components/score-bar.js';
import { fmt } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';
import { TreemapChart } from './treemap-chart.js';

type By = 'cc' | 'cognitive';
const PAGE = 25;
const FOLDERS_SHOWN = 10;
const BY_LABEL: Record<By, string> = { cc: 'cyclomatic', cognitive: 'cognitive' };

/** Complex code that changes often: the ranked files, their folders, and the treemap by score. */
export function HotspotsView(props: { id: number; files: FileRow[]; onOpen: (path: string) => void }) {
  const { id, files, onOpen } = props;
  const [by, setBy] = useState<By>('cc');
  const [folder, setFolder] = useState('');
  const [offset, setOffset] = useState(0);
  const page = useLoad(`hotspots:${id}:${by}:${folder}:${offset}`, () =>
    getHotspots(id, { by, limit: PAGE, offset, folder: folder || undefined }),
  );
  const all = useLoad(`hotspots-all:${id}:${by}`, () => getAllHotspots(id, by));
  const chooseFolder = (f: string) => {
    setFolder(f);
    setOffset(0);
  };
  const history = page.data?.history ?? all.data?.history;

  return (
    <>
      <section className="card" aria-labelledby="hotspots-title" data-view="hotspots">
        <div className="table-head">
          <h2 id="hotspots-title">Hotspots</h2>
          <fieldset className="toggle">
            <legend>Complexity</legend>
            {(['cc', 'cognitive'] as const).map((b) => (
              <label key={b}>
                <input
                  type="radio"
                  name="hotspot-by"
                  value={b}
                  checked={by === b}
                  onChange={() => {
                    setBy(b);
                    setOffset(0);
                  }}
                />{' '}
                {BY_LABEL[b]}
              </label>
            ))}
          </fieldset>
        </div>
        <p className="muted">
          Score = revisions ÷ the most revisions of any file × {BY_LABEL[by]} complexity ÷ the highest of any
          file, so 1 is the most changed and most complex file. Start refactoring at the top.
        </p>
        {page.error && (
          <p className="error" role="alert">
            Could not load the hotspots: {page.error}
          </p>
        )}
        {!history && !page.error && <p className="muted">Loading hotspots…</p>}
        {history && !history.available && <HistoryNeeded history={history} />}
        {history?.available && page.data && (
          <>
            {folder && (
              <p className="filter-note">
                In <code>{folder}/</code>{' '}
                <button type="button" onClick={() => chooseFolder('')}>
                  Show all folders
                </button>
              </p>
            )}
            <RankedTable id={id} items={page.data.items} by={by} onOpen={onOpen} busy={page.loading} />
            <Pager
              label="Pages of hotspots"
              offset={offset}
              limit={PAGE}
              total={page.data.total}
              onOffset={setOffset}
            />
          </>
        )}
      </section>
      {history?.available && all.data && (
        <>
          <FolderRollup folders={all.data.folders} current={folder} onChoose={chooseFolder} />
          <HotspotTreemap files={files} items={all.data.items} folder={folder} by={by} onOpen={onOpen} />
        </>
      )}
    </>
  );
}

function RankedTable(props: {
  id: number;
  items: HotspotItem[];
  by: By;
  busy: boolean;
  onOpen: (path: string) => void;
}) {
  const { items, by } = props;
  if (items.length === 0) return <p className="muted">No files here.</p>;
  return (
    <div className="scroll-x">
      <table className="table hotspots" aria-label="Hotspots, worst first" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">File</th>
            <th scope="col">Score</th>
            <th scope="col" className="num" title="Commits that touched the file (in the last 90 days)">
              Revisions (90 d)
            </th>
            <th scope="col" className="num" title="Lines added and deleted (in the last 90 days)">
              Churn (90 d)
            </th>
            <th scope="col" className="num">
              {by === 'cc' ? 'Complexity' : 'Cognitive'}
            </th>
            <th scope="col" className="num">
              Lines
            </th>
            <th scope="col">Most complex functions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((h) => (
            <tr key={h.path} data-path={h.path}>
              <td className="num">{h.rank}</td>
              <td className="path">
                <button type="button" className="link" onClick={() => props.onOpen(h.path)}>
                  {h.path}
                </button>{' '}
                <a className="src-link" {...linkProps(sourceHref(props.id, h.path))}>
                  source<span className="sr-only"> of {h.path}</span>
                </a>
              </td>
              <td>
                <ScoreBar share={h.score} colour={heatColour(h.score)} text={fmt(h.score, 2)} />
              </td>
              <td className="num">
                {fmt(h.revisions)} <span className="muted">({fmt(h.revisions_90d)})</span>
              </td>
              <td className="num">
                {fmt(h.churn)} <span className="muted">({fmt(h.churn_90d)})</span>
              </td>
              <td className="num">{fmt(by === 'cc' ? h.complexity : h.cognitive)}</td>
              <td className="num">{fmt(h.loc)}</td>
              <td>
                <ul className="fn-list">
                  {h.top_functions.map((f) => (
                    <li key={`${f.class_name ?? ''}.${f.name}:${f.lineno}`}>
                      <a {...linkProps(sourceHref(props.id, h.path, f.lineno))}>
                        <code>{f.class_name ? `${f.class_name}.${f.name}` : f.name}</code>
                      </a>{' '}
                      <span className="muted">{by === 'cc' ? f.complexity : f.cognitive}</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Folders by their worst file, then by the sum of their files' scores; choosing one filters the list. */
function FolderRollup(props: {
  folders: HotspotFolder[];
  current: string;
  onChoose: (path: string) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const sorted = useMemo(
    () =>
      props.folders
        .filter((f) => f.path !== '')
        .sort((a, b) => b.score - a.score || b.score_sum - a.score_sum || a.path.localeCompare(b.path)),
    [props.folders],
  );
  const maxSum = Math.max(0, ...sorted.map((f) => f.score_sum));
  const shown = showAll ? sorted : sorted.slice(0, FOLDERS_SHOWN);
  return (
    <section className="card" aria-labelledby="hot-folders-title">
      <h2 id="hot-folders-title">Hotspots by folder</h2>
      {sorted.length === 0 ? (
        <p className="muted">Every file is at the top level.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label="Folders by hotspot score">
            <thead>
              <tr>
                <th scope="col">Folder</th>
                <th scope="col">Worst file</th>
                <th scope="col">Sum of scores</th>
                <th scope="col" className="num">
                  Files
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.path} data-folder={f.path} className={f.path === props.current ? 'selected' : ''}>
                  <td className="path">
                    <button
                      type="button"
                      className="link"
                      aria-pressed={f.path === props.current}
                      onClick={() => props.onChoose(f.path === props.current ? '' : f.path)}
                    >
                      {f.path}/
                    </button>
                  </td>
                  <td>
                    <ScoreBar share={f.score} colour={heatColour(f.score)} text={fmt(f.score, 2)} />
                  </td>
                  <td>
                    <ScoreBar
                      share={maxSum ? f.score_sum / maxSum : 0}
                      colour="var(--accent)"
                      text={fmt(f.score_sum, 2)}
                    />
                  </td>
                  <td className="num">{fmt(f.files)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {sorted.length > FOLDERS_SHOWN && (
        <button type="button" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show the top folders' : `Show all ${sorted.length} folders`}
        </button>
      )}
    </section>
  );
}

function HotspotTreemap(props: {
  files: FileRow[];
  items: HotspotItem[];
  folder: string;
  by: By;
  onOpen: (path: string) => void;
}) {
  const { items, folder, by } = props;
  const byPath = useMemo(() => new Map(items.map((h) => [h.path, h])), [items]);
  const files = useMemo(
    () => (folder ? props.files.filter((f) => f.path.startsWith(`${folder}/`)) : props.files),
    [props.files, folder],
  );
  const fills = useMemo(() => new Map(items.map((h) => [h.path, heatColour(h.score)])), [items]);
  const describe = useCallback(
    (path: string) => {
      const h = byPath.get(path);
      if (!h) return `${path}: no score (no history or no functions)`;
      return `${path}: score ${fmt(h.score, 2)} (#${h.rank}), ${fmt(h.revisions)} revisions, ${BY_LABEL[by]} complexity ${fmt(by === 'cc' ? h.complexity : h.cognitive)}, ${fmt(h.loc)} lines`;
    },
    [byPath, by],
  );
  return (
    <section className="card" aria-labelledby="hot-map-title">
      <h2 id="hot-map-title">Treemap by hotspot score{folder && <> in {folder}/</>}</h2>
      <p className="muted">
        Area is lines of code; colour runs from green (calm) to red (the worst hotspot).
      </p>
      <TreemapChart
        files={files}
        fills={fills}
        describe={describe}
        onOpen={props.onOpen}
        label={`Treemap of ${files.length} files coloured by hotspot score`}
      />
      <ul className="legend" aria-label="Colour legend">
        {[0, 0.25, 0.5, 0.75, 1].map((s) => (
          <li key={s}>
            <span className="swatch" style={{ background: heatColour(s) }} /> {fmt(s, 2)}
          </li>
        ))}
      </ul>
    </section>
  );
}
