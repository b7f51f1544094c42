import { useCallback, useMemo, useState } from 'react';
import { getKnowledge } from '../api/client.js';
import type { FileRow, KnowledgeResponse } from '../api/types.js';
import { HistoryNeeded } from '../components/history-needed.js';
import { ScoreBar } from '../components/score-bar.js';
import { authorColours, authorKey, NO_AUTHOR, OTHER_AUTHORS, PALETTE_SIZE } from '../lib/author-colours.js';
import { count, fmt, share } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { TreemapChart } from './treemap-chart.js';

const LIST = 15;
/** Authors by the files they mainly wrote, then by changed lines. */
const byFiles = <T extends { files_main: number; lines: number; name: string }>(authors: T[]) =>
  [...authors].sort(
    (a, b) => b.files_main - a.files_main || b.lines - a.lines || a.name.localeCompare(b.name),
  );
const pct = (s: number) => `${share(s, 1)}%`;

/** Who knows which code: the bus factor, the treemap by main author, and the files only one person knows. */
export function KnowledgeView(props: { id: number; files: FileRow[]; onOpen: (path: string) => void }) {
  const { id } = props;
  const k = useLoad(`knowledge:${id}`, () => getKnowledge(id));
  return (
    <>
      <section className="card" aria-labelledby="knowledge-title" data-view="knowledge">
        <h2 id="knowledge-title">Knowledge distribution</h2>
        {k.error && (
          <p className="error" role="alert">
            Could not load the knowledge distribution: {k.error}
          </p>
        )}
        {!k.data && !k.error && <p className="muted">Loading knowledge…</p>}
        {k.data && !k.data.history.available && <HistoryNeeded history={k.data.history} />}
        {k.data?.history.available && <Summary k={k.data} />}
      </section>
      {k.data?.history.available && (
        <>
          <AuthorTreemap k={k.data} files={props.files} onOpen={props.onOpen} />
          <AtRisk k={k.data} onOpen={props.onOpen} />
          <Folders k={k.data} />
          <Authors k={k.data} />
        </>
      )}
    </>
  );
}

function Summary({ k }: { k: KnowledgeResponse }) {
  return (
    <>
      <div className="kpis knowledge-kpis">
        <div className="kpi" data-kpi="bus-factor">
          <span className="kpi-label">Bus factor</span>
          <span className={`kpi-value${k.bus_factor <= 1 ? ' fail-text' : ''}`}>{fmt(k.bus_factor)}</span>
          <span className="kpi-sub">authors whose leaving orphans most files</span>
        </div>
        <div className="kpi" data-kpi="authors">
          <span className="kpi-label">Authors</span>
          <span className="kpi-value">{fmt(k.authors_total)}</span>
          <span className="kpi-sub">people, e-mails merged by .mailmap</span>
        </div>
        <div className="kpi" data-kpi="at-risk">
          <span className="kpi-label">Files at risk</span>
          <span className="kpi-value">{fmt(k.at_risk.length)}</span>
          <span className="kpi-sub">known by one person only</span>
        </div>
      </div>
      <p className="muted">
        The bus factor is the fewest authors whose departure would leave more than half of the files without
        anyone who knows them; an author knows a file when they wrote at least 10% of its changed lines.
      </p>
    </>
  );
}

function AuthorTreemap(props: { k: KnowledgeResponse; files: FileRow[]; onOpen: (path: string) => void }) {
  const { k } = props;
  // Only main authors have cells; the most files first get the distinct colours.
  const mains = useMemo(() => byFiles(k.authors).filter((a) => a.files_main > 0), [k.authors]);
  const colours = useMemo(() => authorColours(mains), [mains]);
  const byPath = useMemo(() => new Map(k.files.map((f) => [f.path, f])), [k.files]);
  const fills = useMemo(() => {
    const m = new Map<string, string>();
    for (const f of k.files)
      m.set(f.path, f.main_author ? (colours.get(authorKey(f.main_author)) ?? OTHER_AUTHORS) : NO_AUTHOR);
    return m;
  }, [k.files, colours]);
  const describe = useCallback(
    (path: string) => {
      const f = byPath.get(path);
      if (!f?.main_author) return `${path}: no main author`;
      return `${path}: main author ${f.main_author.name} (${pct(f.main_author_share)} of changed lines), ${f.knowledgeable_authors} of ${f.authors_total} authors know it`;
    },
    [byPath],
  );
  const others = mains.length > PALETTE_SIZE;
  return (
    <section className="card" aria-labelledby="knowledge-map-title">
      <h2 id="knowledge-map-title">Treemap by main author</h2>
      <p className="muted">
        Area is lines of code; colour is the author of most of the file's changed lines.
      </p>
      <TreemapChart
        files={props.files}
        fills={fills}
        describe={describe}
        onOpen={props.onOpen}
        label={`Treemap of ${props.files.length} files coloured by main author`}
      />
      <ul className="legend" aria-label="Main authors">
        {mains.slice(0, PALETTE_SIZE).map((a) => (
          <li key={authorKey(a)}>
            <span className="swatch" style={{ background: colours.get(authorKey(a)) }} /> {a.name}{' '}
            <span className="muted">· {count(a.files_main, 'file')}</span>
          </li>
        ))}
        {others && (
          <li>
            <span className="swatch" style={{ background: OTHER_AUTHORS }} /> other authors
          </li>
        )}
        <li>
          <span className="swatch" style={{ background: NO_AUTHOR }} /> no main author
        </li>
      </ul>
    </section>
  );
}

function AtRisk({ k, onOpen }: { k: KnowledgeResponse; onOpen: (path: string) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? k.at_risk : k.at_risk.slice(0, LIST);
  return (
    <section className="card" aria-labelledby="at-risk-title">
      <h2 id="at-risk-title">Files at risk</h2>
      <p className="muted">Files that only their main author knows, the most concentrated first.</p>
      {k.at_risk.length === 0 ? (
        <p className="muted">None: every file is known by more than one person.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label="Files at risk">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Main author</th>
                <th scope="col">Share of changed lines</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.path} data-path={f.path}>
                  <td className="path">
                    <button type="button" className="link" onClick={() => onOpen(f.path)}>
                      {f.path}
                    </button>
                  </td>
                  <td>
                    {f.main_author.name} <span className="muted">&lt;{f.main_author.email}&gt;</span>
                  </td>
                  <td>
                    <ScoreBar
                      share={f.main_author_share}
                      colour="var(--fail)"
                      text={pct(f.main_author_share)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {k.at_risk.length > LIST && (
        <button type="button" onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${fmt(k.at_risk.length)} files`}
        </button>
      )}
    </section>
  );
}

function Folders({ k }: { k: KnowledgeResponse }) {
  const [all, setAll] = useState(false);
  const sorted = useMemo(
    () =>
      k.folders
        .filter((f) => f.path !== '')
        .sort((a, b) => a.bus_factor - b.bus_factor || b.files - a.files || a.path.localeCompare(b.path)),
    [k.folders],
  );
  if (sorted.length === 0) return null;
  const shown = all ? sorted : sorted.slice(0, LIST);
  return (
    <section className="card" aria-labelledby="bus-folders-title">
      <h2 id="bus-folders-title">Bus factor by folder</h2>
      <div className="scroll-x">
        <table className="table" aria-label="Bus factor by folder, lowest first">
          <thead>
            <tr>
              <th scope="col">Folder</th>
              <th scope="col" className="num">
                Bus factor
              </th>
              <th scope="col" className="num">
                Files
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr key={f.path} data-folder={f.path} className={f.bus_factor <= 1 ? 'failing' : ''}>
                <td className="path">
                  <code>{f.path}/</code>
                </td>
                <td className="num">{fmt(f.bus_factor)}</td>
                <td className="num">{fmt(f.files)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > LIST && (
        <button type="button" onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${fmt(sorted.length)} folders`}
        </button>
      )}
    </section>
  );
}

function Authors({ k }: { k: KnowledgeResponse }) {
  const [all, setAll] = useState(false);
  const sorted = useMemo(() => byFiles(k.authors), [k.authors]);
  const shown = all ? sorted : sorted.slice(0, LIST);
  return (
    <section className="card" aria-labelledby="authors-title">
      <h2 id="authors-title">Authors</h2>
      <div className="scroll-x">
        <table className="table" aria-label="Authors by files they mainly wrote">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col" className="num">
                Main author of
              </th>
              <th scope="col" className="num">
                Changed lines
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a) => (
              <tr key={authorKey(a)}>
                <td>{a.name}</td>
                <td>
                  <code>{a.email}</code>
                </td>
                <td className="num">{count(a.files_main, 'file')}</td>
                <td className="num">{fmt(a.lines)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {k.authors.length > LIST && (
        <button type="button" onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${fmt(k.authors.length)} authors`}
        </button>
      )}
    </section>
  );
}
