import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { MonitorStatus } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';
import { BulkBar } from '../groups/bulk-bar.js';
import { groupTagFilter, sectioned, withRows } from '../groups/group-sections.js';
import { GroupTagFilters } from '../groups/group-tag-filters.js';
import type { Group, Tag } from '../groups/group-types.js';
import { useCollapsed } from '../groups/use-collapsed.js';
import { useConnectivity } from '../lib/connectivity.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { LocationFilter } from '../locations/location-filter.js';
import { locationIdsOf } from '../locations/monitor-locations.js';
import { OfflineLocationsBanner } from '../locations/offline-banner.js';
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
  const group = query.get('group') ?? '';
  const tag = query.get('tag') ?? '';
  const where = query.get('location') ?? '';
  const flat = query.get('layout') === 'flat';
  // Groups and tags: two requests for the page, never one per row (the monitors carry their ids).
  const [groupsVersion, setGroupsVersion] = useState(0);
  const groups = useApi<Group[]>('/api/groups', undefined, groupsVersion).data ?? [];
  const tags = useApi<Tag[]>('/api/tags', undefined, groupsVersion).data ?? [];
  const [collapsed, toggleGroup] = useCollapsed();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggleSelected = useCallback(
    (id: number, on: boolean) =>
      setSelected((old) => {
        const next = new Set(old);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
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
    const inGroupAndTag = groupTagFilter(groups, group, tag);
    const out: Row[] = [];
    for (const r of store.all()) {
      const m = r.monitor;
      if (inGroupAndTag && !inGroupAndTag(r)) continue;
      if (status && m.current_status !== status) continue;
      if (type && m.monitor_type !== type) continue;
      if (where && !locationIdsOf(m).includes(where)) continue;
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
  }, [store, structure, deferredQ, status, type, groups, group, tag, where]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new row objects
  const rows = useMemo(
    () => order.map((id) => store.get(id)).filter((r): r is Row => r !== undefined),
    [order, store, store.version],
  );
  const total = store.size;
  // With groups, the list is sectioned by group (headings roll up their monitors live). Like the
  // order, the sections are recomputed only when statuses or membership change, not on every batch.
  const layout = useMemo(
    () =>
      groups.length && !flat
        ? sectioned(
            order.map((id) => store.get(id)).filter((r): r is Row => r !== undefined),
            store.all(),
            groups,
            collapsed,
          )
        : null,
    [order, groups, flat, collapsed, store],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new row objects
  const items = useMemo(
    () => (layout ? withRows(layout, (id) => store.get(id)) : rows),
    [layout, rows, store, store.version],
  );
  const admin = can('admin');
  const selectedIds = [...selected].filter((id) => store.get(id) !== undefined);
  const selection = admin ? { ids: selected, toggle: toggleSelected } : undefined;

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
      <OfflineLocationsBanner />
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
        <LocationFilter value={where} onChange={(v) => setFilter('location', v)} />
        <GroupTagFilters
          groups={groups}
          tags={tags}
          group={group}
          tag={tag}
          layout={flat ? 'flat' : 'groups'}
          setFilter={setFilter}
        />
        {admin && rows.length > 0 && (
          <label className="select-all">
            <input
              type="checkbox"
              checked={rows.every((r) => selected.has(r.monitor.id))}
              onChange={(e) =>
                setSelected(e.target.checked ? new Set(rows.map((r) => r.monitor.id)) : new Set())
              }
            />{' '}
            Select all shown
          </label>
        )}
        <span className="muted" aria-live="polite">
          {rows.length === total
            ? `${total} monitor${total === 1 ? '' : 's'}`
            : `${rows.length} of ${total} shown`}
        </span>
      </form>
      {admin && (
        <BulkBar
          ids={selectedIds}
          groups={groups}
          tags={tags}
          onClear={() => setSelected(new Set())}
          onChanged={() => setGroupsVersion((v) => v + 1)}
        />
      )}
      {store.loaded && total === 0 && (
        <Notice kind="info">
          No monitors yet.{can('admin') ? ' Create one with “New monitor”, or import a file.' : ''}
        </Notice>
      )}
      {rows.length > 0 && (
        <div className={admin ? 'mrow mrow-selectable mlist-head' : 'mrow mlist-head'} aria-hidden="true">
          {admin && <span />}
          <span>Status</span>
          <span>Monitor</span>
          <span>Last checks</span>
          <span>Response</span>
          <span className="num">Last</span>
          <span className="num">24 h</span>
        </div>
      )}
      <MonitorList rows={items} store={store} selection={selection} onToggleGroup={toggleGroup} />
    </section>
  );
}
