import type { Monitor } from '../api/types.js';
import { StatusBadge } from '../components/status-badge.js';
import { Link } from '../lib/router.js';

/**
 * Why a monitor is down when a parent explains it, what it depends on and what depends on it,
 * all from the monitors the dashboard already holds (the list carries every `depends_on`).
 */
export function DependencyFacts({ monitor, all }: { monitor: Monitor; all: readonly Monitor[] }) {
  const byId = new Map(all.map((m) => [m.id, m]));
  const parents = (monitor.depends_on ?? []).map((id) => byId.get(id)).filter((m): m is Monitor => !!m);
  const dependants = all.filter((m) => m.depends_on?.includes(monitor.id));
  if (parents.length === 0 && dependants.length === 0) return null;
  const downParents = parents.filter((p) => p.current_status === 'down');
  const list = (ms: Monitor[], label: string) => (
    <ul className="dependency-list" aria-label={label}>
      {ms.map((m) => (
        <li key={m.id}>
          <StatusBadge status={m.current_status} /> <Link to={`/monitors/${m.id}`}>{m.name}</Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="card dependency-facts">
      {monitor.status_reason === 'dependency_down' && monitor.current_status === 'down' && (
        <p className="notice notice-warn" role="status" data-reason="dependency_down">
          Down because{' '}
          {downParents.length > 0 ? downParents.map((p) => p.name).join(', ') : 'a monitor it depends on'} is
          down: its failures are recorded, but it opens no incident and sends no alert of its own.
        </p>
      )}
      {parents.length > 0 && (
        <>
          <h3>Depends on</h3>
          {list(parents, 'Depends on')}
        </>
      )}
      {dependants.length > 0 && (
        <>
          <h3>Dependants ({dependants.length})</h3>
          {list(dependants, 'Dependants')}
        </>
      )}
    </div>
  );
}
