// The import graph of a run (issue 35) at package level: the repository's top-level packages and
// modules, or with `?package=P` the children of P; edges folded per pair, import cycles in their own
// colour and listed with their shortest path; the edges as CSV.
import type { Analysis } from '../api/types.js';
import { fmt } from '../lib/format.js';
import { linkProps, navigate } from '../lib/router.js';
import { useLoad } from '../lib/use-load.js';
import { GraphSvg } from './graph-svg.js';
import { loadCodeHealth } from './imports-api.js';
import { packageGraph } from './package-graph.js';

export function ImportsPage({ analysis, query }: { analysis: Analysis; query: URLSearchParams }) {
  const id = analysis.id;
  const within = query.get('package') || null;
  const { data, error } = useLoad(`code-health:${id}`, () => loadCodeHealth(id));
  const here = (pkg: string | null) =>
    `/analyses/${id}/imports${pkg ? `?package=${encodeURIComponent(pkg)}` : ''}`;
  if (error) {
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  }
  if (!data) return <p className="muted">Loading the import graph…</p>;
  const g = packageGraph(data.imports.edges, data.cycles, within);
  const parts = within ? within.split('.') : [];
  const cycles = data.cycles.filter(
    (c) => within === null || c.modules.some((m) => m === within || m.startsWith(`${within}.`)),
  );
  return (
    <section className="card" aria-labelledby="imports-title" data-view="imports">
      <h2 id="imports-title">Imports {within ? <code>{within}</code> : 'between top-level packages'}</h2>
      <nav aria-label="Package path" className="muted">
        <a {...linkProps(here(null))}>repository</a>
        {parts.map((p, i) => {
          const pkg = parts.slice(0, i + 1).join('.');
          return (
            <span key={pkg}>
              {' › '}
              <a {...linkProps(here(pkg))}>{p}</a>
            </span>
          );
        })}
      </nav>
      <p>
        {fmt(data.imports.modules)} modules, {fmt(data.imports.edges.length)} import edges,{' '}
        {fmt(data.cycles.length)} import cycle{data.cycles.length === 1 ? '' : 's'}.{' '}
        <a href={`/api/analyses/${id}/imports.csv`}>Edges as CSV</a>
      </p>
      {g.nodes.length === 0 ? (
        <p className="muted">No imports between the repository's own modules here.</p>
      ) : (
        <GraphSvg nodes={g.nodes} edges={g.edges} onOpen={(name) => navigate(here(name))} />
      )}
      <div className="scroll-x">
        <table className="table" aria-label="Packages and modules">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="num" title="Modules that import or are imported">
                Modules
              </th>
              <th scope="col">In a cycle</th>
            </tr>
          </thead>
          <tbody>
            {g.nodes.map((n) => (
              <tr key={n.name} className={n.inCycle ? 'in-cycle' : undefined}>
                <td>{n.package ? <a {...linkProps(here(n.name))}>{n.label}</a> : n.label}</td>
                <td className="num">{n.modules}</td>
                <td>{n.inCycle ? 'yes' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table" aria-label="Imports between them">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" className="num">
                Imports
              </th>
              <th scope="col">In a cycle</th>
            </tr>
          </thead>
          <tbody>
            {g.edges.map((e) => (
              <tr key={`${e.from}>${e.to}`} className={e.inCycle ? 'in-cycle' : undefined}>
                <td>{e.from}</td>
                <td>{e.to}</td>
                <td className="num">{e.imports}</td>
                <td>{e.inCycle ? 'yes' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cycles.length > 0 && (
        <>
          <h3>Import cycles</h3>
          <ul aria-label="Import cycles">
            {cycles.map((c) => (
              <li key={c.shortest.join('>')}>
                {c.size} modules; shortest: <code>{c.shortest.join(' → ')}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
