import { useEffect, useState } from 'react';
import type { ChangeKind, CompareResponse, RunRef } from '../../../src/shared-types/compare-types.js';
import { getAnalysis, listAnalyses } from '../api/client.js';
import type { Analysis } from '../api/types.js';
import { SettingsNote } from '../exclusions/settings-note.js';
import { deltaTone, signed } from '../lib/delta.js';
import { fmt, repoName, when } from '../lib/format.js';
import { linkProps, navigate } from '../lib/router.js';
import { compareRuns } from './compare-api.js';
import { KpiDeltas } from './kpi-deltas.js';

const countsText = (c: CompareResponse['counts']['files']) =>
  `${fmt(c.added)} added, ${fmt(c.removed)} removed, ${fmt(c.worse)} worse, ${fmt(c.better)} better, ${fmt(c.unchanged)} unchanged`;

const Change = ({ c }: { c: ChangeKind }) => <span className={`change change-${c}`}>{c}</span>;

// Deltas where a rise is worse (complexity, lines) read red; MI rising reads green; zero as shown, neither.
const tone = (d: number | null | undefined, upIsWorse = true, digits = 0) =>
  deltaTone(d, digits, upIsWorse ? 'down' : 'up');

function RunLine({ label, r }: { label: string; r: RunRef }) {
  return (
    <p>
      {label}: <a {...linkProps(`/analyses/${r.id}`)}>run #{r.id}</a>
      {r.ref && (
        <>
          {' '}
          · <code>{r.ref}</code>
        </>
      )}
      {r.commit_sha && (
        <>
          {' '}
          · commit <code>{r.commit_sha.slice(0, 10)}</code>
        </>
      )}{' '}
      · {when(r.commit_date ?? r.created_at)}
    </p>
  );
}

/** Two runs of one repository compared: KPI deltas, and the files and functions that changed, biggest change first. */
export function ComparePage({ base, head }: { base: number; head: number }) {
  const [data, setData] = useState<CompareResponse | null>(null);
  const [headRun, setHeadRun] = useState<Analysis | null>(null);
  const [runs, setRuns] = useState<Analysis[]>([]);
  const [unchanged, setUnchanged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setData(null);
    setError(null);
    compareRuns(base, head, unchanged)
      .then((d) => alive && setData(d))
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [base, head, unchanged]);
  useEffect(() => {
    getAnalysis(head)
      .then(async (a) => {
        setHeadRun(a);
        document.title = `Compare · ${repoName(a.repo_url)} · Code metrics`;
        setRuns((await listAnalyses(100, a.repo_url)).filter((r) => r.status === 'done'));
      })
      .catch(() => {});
  }, [head]);

  return (
    <section aria-labelledby="compare-title" data-view="compare">
      <div className="page-head">
        <div>
          <h1 id="compare-title">
            Compare {headRun ? repoName(headRun.repo_url) : ''} #{base} → #{head}
          </h1>
          {data && (
            <div className="muted">
              <RunLine label="Base" r={data.base} />
              <RunLine label="Head" r={data.head} />
              <SettingsNote base={base} head={head} settings={data.settings} />
            </div>
          )}
        </div>
        {runs.length > 1 && (
          <div className="field">
            <label htmlFor="compare-base">Base run</label>
            <select
              id="compare-base"
              value={String(base)}
              onChange={(e) => navigate(`/compare/${e.target.value}/${head}`)}
            >
              {runs.some((r) => r.id === base) ? null : <option value={String(base)}>#{base}</option>}
              {runs
                .filter((r) => r.id !== head)
                .map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    #{r.id} · {r.ref ?? r.branch ?? r.ref_used ?? 'default'} · {r.commit_sha?.slice(0, 8)}
                  </option>
                ))}
            </select>
          </div>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p className="muted">Comparing…</p>}
      {data && (
        <>
          <KpiDeltas summary={data.summary} />
          <p role="status">
            Files: {countsText(data.counts.files)}. Functions: {countsText(data.counts.functions)}.
          </p>
          <label className="check">
            <input type="checkbox" checked={unchanged} onChange={(e) => setUnchanged(e.target.checked)} />{' '}
            Show unchanged files and functions
          </label>
          <FilesTable data={data} />
          <FunctionsTable data={data} />
        </>
      )}
    </section>
  );
}

function FilesTable({ data }: { data: CompareResponse }) {
  return (
    <section className="card" aria-labelledby="cmp-files">
      <h2 id="cmp-files">Files</h2>
      {data.files.length === 0 ? (
        <p className="muted">No file changed.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label="Changed files">
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">File</th>
                <th scope="col" className="num">
                  Δ Complexity
                </th>
                <th scope="col" className="num">
                  Δ Max CC
                </th>
                <th scope="col" className="num">
                  Δ MI
                </th>
                <th scope="col" className="num">
                  Δ Source lines
                </th>
                <th scope="col" className="num">
                  Size of change
                </th>
              </tr>
            </thead>
            <tbody>
              {data.files.map((f) => (
                <tr key={`${f.change}:${f.path}`} data-path={f.path} data-change={f.change}>
                  <td>
                    <Change c={f.change} />
                  </td>
                  <td>
                    {f.change === 'removed' ? (
                      <code>{f.path}</code>
                    ) : (
                      <a {...linkProps(`/analyses/${data.head.id}?file=${encodeURIComponent(f.path)}`)}>
                        <code>{f.path}</code>
                      </a>
                    )}
                    {f.old_path && (
                      <span className="muted">
                        {' '}
                        (was <code>{f.old_path}</code>)
                      </span>
                    )}
                  </td>
                  <td className={`num ${tone(f.deltas.cc_total) ?? ''}`}>{signed(f.deltas.cc_total)}</td>
                  <td className={`num ${tone(f.deltas.cc_max) ?? ''}`}>{signed(f.deltas.cc_max)}</td>
                  <td className={`num ${tone(f.deltas.mi, false, 1) ?? ''}`}>{signed(f.deltas.mi, 1)}</td>
                  <td className="num">{signed(f.deltas.sloc)}</td>
                  <td className="num">{fmt(f.magnitude, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.truncated.files && (
        <p className="muted">Some files are left out (unchanged ones, or past the limit).</p>
      )}
    </section>
  );
}

function FunctionsTable({ data }: { data: CompareResponse }) {
  return (
    <section className="card" aria-labelledby="cmp-functions">
      <h2 id="cmp-functions">Functions</h2>
      {data.functions.length === 0 ? (
        <p className="muted">No function changed.</p>
      ) : (
        <div className="scroll-x">
          <table className="table" aria-label="Changed functions">
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">Function</th>
                <th scope="col">File</th>
                <th scope="col" className="num">
                  Δ Complexity
                </th>
                <th scope="col" className="num">
                  Δ Cognitive
                </th>
                <th scope="col" className="num">
                  Δ Lines
                </th>
                <th scope="col" className="num">
                  Size of change
                </th>
              </tr>
            </thead>
            <tbody>
              {data.functions.map((f) => {
                const label = f.class_name ? `${f.class_name}.${f.name}` : f.name;
                const now = f.head ?? f.base;
                return (
                  <tr
                    key={`${f.change}:${f.path}:${label}:${f.old_name ?? ''}`}
                    data-function={label}
                    data-change={f.change}
                  >
                    <td>
                      <Change c={f.change} />
                    </td>
                    <td>
                      <code>{label}</code>
                      {f.old_name && (
                        <span className="muted">
                          {' '}
                          (was <code>{f.old_name}</code>)
                        </span>
                      )}
                      {(f.change === 'added' || f.change === 'removed') && now && (
                        <span className="muted"> CC {fmt(now.cc)}</span>
                      )}
                    </td>
                    <td>
                      <code>{f.path}</code>
                    </td>
                    <td className={`num ${tone(f.deltas.cc) ?? ''}`}>{signed(f.deltas.cc)}</td>
                    <td className={`num ${tone(f.deltas.cognitive) ?? ''}`}>{signed(f.deltas.cognitive)}</td>
                    <td className="num">{signed(f.deltas.sloc)}</td>
                    <td className="num">{fmt(f.magnitude, 1)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data.truncated.functions && (
        <p className="muted">Some functions are left out (unchanged ones, or past the limit).</p>
      )}
    </section>
  );
}
