import { useDeferredValue, useMemo } from 'react';
import type { MonitorStatus } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useConnectivity } from '../lib/connectivity.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import type { Row } from './live-store.js';
import { MonitorList } from './monitor-list.js';
import { MONITOR_TYPES } from './monitor-types.js';
import { useLiveStore, useStreamState } from './use-live.js';

const severity: Record<MonitorStatus, number> = {
  down: 0,
  degraded: 1,
  pending: 2,
  maintenance: 3,
  up: 4,
  paused: 5,
};
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const statuses: MonitorStatus[] = ['up', 'degraded', 'down', 'paused', 'maintenance', 'pending'];

/** Every monitor, live: counts, filters and the virtualised list. */
export function DashboardPage() {
  const store = useLiveStore();
  const { can } = useAuth();
  const stream = useStreamState();
  const net = useConnectivity();
  // What is on screen stops being live when the stream drops: say so plainly, not just in a chip.
  const stale = store.loaded && (stream === 'reconnecting' || !net.reachable);
  const { query } = useLocation();
  const q = query.get('q') ?? '';
  const status = query.get('status') ?? '';
  const type = query.get('type') ?? '';
  const deferredQ = useDeferredValue(q);
  const structure = store.structure;
  const counts = store.counts();

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(key, value);
    else next.delete(key);
    const s = next.toString();
    navigate(s ? `/?${s}` : '/', { replace: true });
  };

  // The order is recomputed only when a status, a name or membership changes, not on every result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `structure` stands for the store's sort keys
  const order = useMemo(() => {
    const needle = deferredQ.trim().toLowerCase();
    const out: Row[] = [];
    for (const r of store.all()) {
      const m = r.monitor;
      if (status && m.current_status !== status) continue;
      if (type && m.monitor_type !== type) continue;
      if (needle && !m.name.toLowerCase().includes(needle) && !(m.url ?? '').toLowerCase().includes(needle))
        continue;
      out.push(r);
    }
    out.sort(
      (a, b) =>
        severity[a.monitor.current_status] - severity[b.monitor.current_status] ||
        collator.compare(a.monitor.name, b.monitor.name),
    );
    return out.map((r) => r.monitor.id);
  }, [store, structure, deferredQ, status, type]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new row objects
  const rows = useMemo(
    () => order.map((id) => store.get(id)).filter((r): r is Row => r !== undefined),
    [order, store, store.version],
  );
  const total = store.size;

  return (
    <section className={stale ? 'dashboard-stale' : undefined}>
      <PageHeader title="Dashboard">
        <span className={`stream stream-${stream}`} role="status">
          {stream === 'live' ? 'Live' : stream === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
        </span>
        {can('admin') && (
          <Link to="/monitors/new" className="button primary">
            New monitor
          </Link>
        )}
      </PageHeader>
      {stale && (
        <div className="notice notice-error stale-banner" role="alert">
          <strong>Live data is stale.</strong>{' '}
          {net.reachable ? 'The live stream dropped' : 'The server cannot be reached'}
          {net.since ? ` since ${new Date(net.since).toLocaleTimeString()}` : ''}: statuses below are the last
          ones seen and may be out of date. This page updates by itself when the connection is back.
        </div>
      )}
      <ul className="counts" aria-label="Monitors by status">
        <li>
          <button
            type="button"
            className={status === '' ? 'count active' : 'count'}
            onClick={() => setFilter('status', '')}
          >
            <strong data-count="total">{counts.total}</strong> all
          </button>
        </li>
        {(['up', 'degraded', 'down', 'paused', 'maintenance'] as const).map((s) => (
          <li key={s}>
            <button
              type="button"
              className={`count count-${s}${status === s ? ' active' : ''}`}
              aria-pressed={status === s}
              onClick={() => setFilter('status', status === s ? '' : s)}
            >
              <strong data-count={s}>{counts[s]}</strong> {s}
            </button>
          </li>
        ))}
      </ul>
      <form className="filters-row" aria-label="Filter monitors" onSubmit={(e) => e.preventDefault()}>
        <label>
          <input
            aria-label="Search by name or target"
            type="search"
            placeholder="Search name or target"
            value={q}
            onChange={(e) => setFilter('q', e.target.value)}
          />
        </label>
        <label>
          <select aria-label="Status" value={status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">Any status</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          <select aria-label="Type" value={type} onChange={(e) => setFilter('type', e.target.value)}>
            <option value="">Any type</option>
            {MONITOR_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <span className="muted" aria-live="polite">
          {rows.length === total
            ? `${total} monitor${total === 1 ? '' : 's'}`
            : `${rows.length} of ${total} shown`}
        </span>
      </form>
      {store.loaded && total === 0 && (
        <Notice kind="info">
          No monitors yet.{can('admin') ? ' Create one with “New monitor”, or import a file.' : ''}
        </Notice>
      )}
      {rows.length > 0 && (
        <div className="mrow mlist-head" aria-hidden="true">
          <span>Status</span>
          <span>Monitor</span>
          <span>Last checks</span>
          <span>Response</span>
          <span className="num">Last</span>
          <span className="num">24 h</span>
        </div>
      )}
      <MonitorList rows={rows} store={store} />
    </section>
  );
}
