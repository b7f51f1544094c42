// The file drill-down's health score: the file's score and each function's, every one with the
// deductions that explain it (docs/code-health.md, "Health score").
import { useEffect, useState } from 'react';
import type { Deduction, HealthResponse } from '../../../src/shared-types/health-shape.js';
import { api } from '../api/client.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';

/** Not cached: a coverage upload after the run changes the score. */
const healthUrl = (id: number, path: string) => `/api/analyses/${id}/health?path=${encodeURIComponent(path)}`;

function Deductions({ items }: { items: Deduction[] }) {
  if (items.length === 0) return <span className="muted">nothing deducted</span>;
  return (
    <ul className="deductions">
      {items.map((d) => (
        <li key={d.kind}>
          <strong>−{d.points}</strong> {d.kind}: {d.detail}
        </li>
      ))}
    </ul>
  );
}

export function FileHealth({ id, path }: { id: number; path: string }) {
  const [data, setData] = useState<HealthResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setData(null);
    setError(null);
    api<HealthResponse>(healthUrl(id, path))
      .then((h) => alive && setData(h))
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [id, path]);
  const file = data?.files[0];
  return (
    <section aria-label={`Health of ${path}`} className="file-health">
      <h3>Health</h3>
      {error && <p className="muted">No health score: {error}</p>}
      {!error && !data && <p className="muted">Loading…</p>}
      {file && (
        <div>
          <p>
            File: <strong data-testid="file-health">{file.health.toFixed(1)}</strong> / 10
          </p>
          <Deductions items={file.deductions} />
        </div>
      )}
      {data && data.functions.length > 0 && (
        <div className="scroll-x">
          <table className="table" aria-label={`Health of the functions of ${path}`}>
            <thead>
              <tr>
                <th scope="col">Function</th>
                <th scope="col" className="num">
                  Health
                </th>
                <th scope="col">Deductions</th>
              </tr>
            </thead>
            <tbody>
              {data.functions.map((f) => (
                <tr key={`${f.class}.${f.name}:${f.lineno}`}>
                  <td>
                    <a {...linkProps(sourceHref(id, path, f.lineno))}>
                      <code>{f.class ? `${f.class}.${f.name}` : f.name}</code>
                    </a>
                  </td>
                  <td className="num">{f.health.toFixed(1)}</td>
                  <td>
                    <Deductions items={f.deductions} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
