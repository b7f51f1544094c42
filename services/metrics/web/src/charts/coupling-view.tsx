import { useEffect, useMemo, useRef, useState } from 'react';
import { heatColour } from '../../../src/shared-types/colour.js';
import { getCoupling } from '../api/client.js';
import type { CouplingPair, CouplingResponse } from '../api/types.js';
import { HistoryNeeded } from '../components/history-needed.js';
import { Pager } from '../components/pager.js';
import { ScoreBar } from '../components/score-bar.js';
import { couplingChord } from '../lib/chord-layout.js';
import { fmt } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';

const PAGE = 25;
const R = 200;
const ARC = 14;
// Room around the circle for the file names.
const M = 130;

/** Colour of a coupling degree between the minimum kept and 100 %. */
const degreeColour = (degree: number, min: number) => heatColour((degree - min) / Math.max(1, 100 - min));
const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Files that change together: the strongest pairs as a chord diagram and a list; a file shows its partners. */
export function CouplingView({ id, onOpen }: { id: number; onOpen: (path: string) => void }) {
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const page = useLoad(`coupling:${id}:${offset}`, () => getCoupling(id, { limit: PAGE, offset }));
  const partners = useLoad(selected === null ? null : `coupling:${id}:path:${selected}`, () =>
    getCoupling(id, { limit: 100, path: selected ?? '' }),
  );
  const panel = useRef<HTMLHeadingElement>(null);
  const focusPanel = useRef(false);
  useEffect(() => {
    if (selected && focusPanel.current) {
      focusPanel.current = false;
      panel.current?.focus();
    }
  }, [selected]);
  // From the list the partners appear away from the button, so focus goes there; the diagram keeps focus.
  const choose = (path: string | null, fromList = false) => {
    focusPanel.current = fromList;
    setSelected(path);
  };
  const data = page.data;
  const history = data?.history;
  return (
    <section className="card" aria-labelledby="coupling-title" data-view="coupling">
      <h2 id="coupling-title">Change coupling</h2>
      {data && <Explanation params={data.params} />}
      {page.error && (
        <p className="error" role="alert">
          Could not load the coupling: {page.error}
        </p>
      )}
      {!data && !page.error && <p className="muted">Loading coupling…</p>}
      {history && !history.available && <HistoryNeeded history={history} />}
      {history?.available && data && data.total === 0 && (
        <p className="muted">No pair of files reaches these minimums.</p>
      )}
      {history?.available && data && data.items.length > 0 && (
        <>
          <div className="coupling-layout">
            <ChordDiagram
              pairs={data.items}
              min={data.params.min_degree}
              selected={selected}
              onSelect={(p) => choose(p === selected ? null : p)}
            />
            <div className="partners" aria-live="polite">
              {selected ? (
                <>
                  <h3 ref={panel} tabIndex={-1} id="partners-title">
                    Partners of <code>{selected}</code>
                  </h3>
                  <div className="buttons">
                    <button type="button" onClick={() => onOpen(selected)}>
                      Open file details
                    </button>
                    <button type="button" className="ghost" onClick={() => choose(null)}>
                      Clear
                    </button>
                  </div>
                  {partners.error && <p className="error">{partners.error}</p>}
                  {partners.data && !partners.loading ? (
                    <PartnerTable file={selected} data={partners.data} onSelect={(p) => choose(p, true)} />
                  ) : (
                    !partners.error && <p className="muted">Loading partners…</p>
                  )}
                </>
              ) : (
                <p className="muted">
                  Choose a file on the circle or in the list (click, or Tab and Enter) to see every file it
                  changes with.
                </p>
              )}
            </div>
          </div>
          <h3>Strongest pairs</h3>
          <PairTable
            pairs={data.items}
            offset={offset}
            min={data.params.min_degree}
            selected={selected}
            onSelect={(p) => choose(p, true)}
          />
          <Pager
            label="Pages of coupled pairs"
            offset={offset}
            limit={PAGE}
            total={data.total}
            onOffset={(o) => {
              setOffset(o);
              choose(null);
            }}
          />
        </>
      )}
    </section>
  );
}

function Explanation({ params }: { params: CouplingResponse['params'] }) {
  return (
    <p className="muted">
      Pairs of files changed in the same commits. Degree = shared commits ÷ the average revisions of the two
      files. Kept: files with at least {params.min_revisions} revisions, pairs with at least{' '}
      {params.min_shared} shared commits and a degree of {params.min_degree}% or more; commits touching more
      than {params.max_commit_files} files are left out.
    </p>
  );
}

function ChordDiagram(props: {
  pairs: CouplingPair[];
  min: number;
  selected: string | null;
  onSelect: (path: string) => void;
}) {
  const { pairs, selected } = props;
  const { groups, ribbons } = useMemo(() => couplingChord(pairs, R, ARC), [pairs]);
  const [hover, setHover] = useState<string | null>(null);
  const pathOf = (e: React.SyntheticEvent) => (e.target as Element).getAttribute('data-path');
  const onPair = (e: React.SyntheticEvent) => {
    const i = (e.target as Element).getAttribute('data-pair');
    const r = i === null ? undefined : ribbons[Number(i)];
    if (r)
      setHover(
        `${r.pair.path_a} ↔ ${r.pair.path_b}: ${r.pair.shared_commits} shared commits, degree ${fmt(r.pair.degree, 1)}%`,
      );
    else {
      const p = pathOf(e);
      const g = p ? groups.find((x) => x.path === p) : undefined;
      if (g)
        setHover(`${g.path}: coupled with ${g.partners} file${g.partners === 1 ? '' : 's'} on this page`);
    }
  };
  const ext = R + ARC + M;
  return (
    <div className="chord-wrap">
      <p className="hover-info" aria-live="polite">
        {hover ?? 'Point at a ribbon or a file for its numbers.'}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG group of files; there is no HTML element for it. */}
      <svg
        viewBox={`${-ext} ${-ext} ${2 * ext} ${2 * ext}`}
        className={`chord${selected ? ' has-selection' : ''}`}
        role="group"
        aria-label={`Chord diagram of ${pairs.length} coupled pairs among ${groups.length} files`}
        onMouseOver={onPair}
        onFocus={onPair}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          const p = pathOf(e);
          if (p) props.onSelect(p);
        }}
        onKeyDown={(e) => {
          const p = pathOf(e);
          if (!p || (e.key !== 'Enter' && e.key !== ' ')) return;
          e.preventDefault();
          props.onSelect(p);
        }}
      >
        <g className="ribbons">
          {ribbons.map((r, i) => {
            const on = selected !== null && (r.pair.path_a === selected || r.pair.path_b === selected);
            return (
              <path
                key={`${r.pair.path_a}|${r.pair.path_b}`}
                d={r.d}
                fill={degreeColour(r.pair.degree, props.min)}
                className={on ? 'ribbon on' : 'ribbon'}
                data-pair={i}
              />
            );
          })}
        </g>
        {groups.map((g) => {
          const deg = (g.angle * 180) / Math.PI - 90;
          const flip = g.angle > Math.PI;
          const isSel = g.path === selected;
          return (
            <g key={g.path}>
              {/* biome-ignore lint/a11y/useSemanticElements: SVG has no button element; the arc acts as one. */}
              <path
                d={g.d}
                className={isSel ? 'chord-arc selected' : 'chord-arc'}
                data-path={g.path}
                role="button"
                tabIndex={0}
                aria-pressed={isSel}
                aria-label={`${g.path}: coupled with ${g.partners} file${g.partners === 1 ? '' : 's'}`}
              />
              {g.span >= 11 && (
                <text
                  className="chord-label"
                  transform={`rotate(${deg}) translate(${R + ARC + 6}) ${flip ? 'rotate(180)' : ''}`}
                  textAnchor={flip ? 'end' : 'start'}
                  dy="0.35em"
                >
                  {truncate(base(g.path), 16)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

function PairTable(props: {
  pairs: CouplingPair[];
  offset: number;
  min: number;
  selected: string | null;
  onSelect: (path: string) => void;
}) {
  const file = (p: string) => (
    <button
      type="button"
      className="link"
      aria-pressed={p === props.selected}
      onClick={() => props.onSelect(p)}
    >
      {p}
    </button>
  );
  return (
    <div className="scroll-x">
      <table className="table coupling" aria-label="Coupled pairs, strongest first">
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">File</th>
            <th scope="col">Changes with</th>
            <th scope="col" className="num">
              Shared commits
            </th>
            <th scope="col">Degree</th>
            <th scope="col" className="num" title="Revisions of each file">
              Revisions
            </th>
          </tr>
        </thead>
        <tbody>
          {props.pairs.map((p, i) => (
            <tr
              key={`${p.path_a}|${p.path_b}`}
              data-pair={`${p.path_a}|${p.path_b}`}
              className={
                props.selected && (p.path_a === props.selected || p.path_b === props.selected)
                  ? 'selected'
                  : ''
              }
            >
              <td className="num">{props.offset + i + 1}</td>
              <td className="path">{file(p.path_a)}</td>
              <td className="path">{file(p.path_b)}</td>
              <td className="num">{fmt(p.shared_commits)}</td>
              <td>
                <ScoreBar
                  share={p.degree / 100}
                  colour={degreeColour(p.degree, props.min)}
                  text={`${fmt(p.degree, 1)}%`}
                />
              </td>
              <td className="num">
                {fmt(p.revisions_a)} / {fmt(p.revisions_b)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PartnerTable(props: { file: string; data: CouplingResponse; onSelect: (path: string) => void }) {
  const { file, data } = props;
  if (data.items.length === 0) return <p className="muted">No file changes with it often enough.</p>;
  return (
    <div className="scroll-x">
      <table className="table" aria-label={`Files that change with ${file}`}>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col" className="num">
              Shared
            </th>
            <th scope="col">Degree</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((p) => {
            const other = p.path_a === file ? p.path_b : p.path_a;
            return (
              <tr key={other} data-path={other}>
                <td className="path">
                  <button type="button" className="link" onClick={() => props.onSelect(other)}>
                    {other}
                  </button>
                </td>
                <td className="num">{fmt(p.shared_commits)}</td>
                <td>
                  <ScoreBar
                    share={p.degree / 100}
                    colour={degreeColour(p.degree, data.params.min_degree)}
                    text={`${fmt(p.degree, 1)}%`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data.total > data.items.length && (
        <p className="muted">
          The {data.items.length} strongest of {fmt(data.total)} partners.
        </p>
      )}
    </div>
  );
}

const truncate = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
