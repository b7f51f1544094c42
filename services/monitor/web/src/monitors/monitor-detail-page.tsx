import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Incident, Monitor, UptimeFigures } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { StatusBadge } from '../components/status-badge.js';
import { CloneButton } from '../groups/clone-button.js';
import { MembershipFacts } from '../groups/membership-facts.js';
import { ago, dateTime, duration, percent } from '../lib/format.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { useThrottled } from '../lib/use-throttled.js';
import { useCheckLocations } from '../locations/check-locations.js';
import { LocationStatesTable } from '../locations/location-states.js';
import { LOCAL_LOCATION_ID } from '../locations/location-types.js';
import { locationIdsOf } from '../locations/monitor-locations.js';
import { BadgeSnippets } from './badge-snippets.js';
import { CertificateDays } from './certificate-days.js';
import { DependencyFacts } from './dependency-facts.js';
import { HeartbeatHelp } from './heartbeat-help.js';
import { loadSeries, RANGES, type RangeKey, type Series } from './history-api.js';
import { liveStore } from './live-store.js';
import { MonitorSettings } from './monitor-settings.js';
import { typeLabel } from './monitor-types.js';
import { RecentChecks } from './recent-checks.js';
import { ResponseChart } from './response-chart.js';
import { useCheckList } from './use-check-list.js';
import { useLiveStore } from './use-live.js';

function seriesNote(s: Series): string {
  if (s.source === 'raw')
    return s.truncated ? `Every check (the newest ${s.points.length}).` : 'Every check.';
  const unit = s.source === 'hour' ? 'hour' : 'day';
  const recent = s.truncated ? ' (the newest checks only)' : '';
  return `Average response time per ${unit}, the current one so far${recent}; shaded: ${unit}s with a failed check.`;
}

/** One monitor: live status, response-time chart by range, uptime, incidents, recent results, actions. */
export function MonitorDetailPage({ id }: { id: number }) {
  const { can } = useAuth();
  const store = useLiveStore();
  const fetched = useApi<Monitor>(`/api/monitors/${id}`);
  const live = store.get(id);
  const monitor = live?.monitor ?? fetched.data;
  const [range, setRange] = useState<RangeKey>('24h');
  // The chart starts no earlier than the monitor: a new one fills it instead of being a sliver at its edge.
  const createdAt = monitor ? Date.parse(monitor.created_at) : null;
  const [series, setSeries] = useState<Series | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const incidents = useApi<Incident[]>('/api/incidents', { monitor_id: id }, store.incidentVersion);
  // Reload the chart when a new result for this monitor arrives (at most once per live batch).
  // New results reload the chart and table (at most every 2 s) and the uptime figures (every 30 s).
  const lastChecked = monitor?.last_checked_at ?? null;
  const chartTick = useThrottled(lastChecked, 2_000);
  const uptimeTick = useThrottled(lastChecked, 30_000);

  // biome-ignore lint/correctness/useExhaustiveDependencies: chartTick refreshes on new results
  useEffect(() => {
    if (createdAt === null) return;
    let alive = true;
    loadSeries(id, range, createdAt)
      .then((r) => alive && setSeries(r))
      .catch((e) => alive && setError(messageOf(e)));
    return () => {
      alive = false;
    };
  }, [id, range, chartTick, createdAt]);
  // Results of one location only: `?location=` in the page's URL, passed on to the API.
  const where = useLocation().query.get('location') ?? '';
  const recent = useCheckList(id, where, chartTick);
  const checkLocations = useCheckLocations(monitor ?? null, where);
  const uptime = useApi<UptimeFigures>(`/api/monitors/${id}/uptime`, undefined, uptimeTick);

  const act = async (what: 'pause' | 'resume' | 'check-now') => {
    setError(null);
    setInfo(null);
    try {
      const res = await api<Monitor | { requested_at: string }>(`/api/monitors/${id}/${what}`, {
        method: 'POST',
      });
      if (what === 'check-now') setInfo('Check requested: the result appears here within seconds.');
      else {
        liveStore.upsert(res as Monitor);
        fetched.reload();
      }
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const remove = async () => {
    try {
      await api(`/api/monitors/${id}`, { method: 'DELETE' });
      liveStore.remove(id);
      navigate('/');
    } catch (e) {
      setError(messageOf(e));
    }
  };

  if (!monitor) {
    return fetched.error ? (
      <Notice kind="error">{fetched.error}</Notice>
    ) : (
      <p className="loading">Loading…</p>
    );
  }
  // Check now runs this instance's own check: a monitor checked from probes only has none (409).
  const checksHere = locationIdsOf(monitor).includes(LOCAL_LOCATION_ID);
  const uptimeCell = (key: '24h' | '7d' | '30d') => {
    if (uptime.error) return '—';
    const w = uptime.data?.[key];
    return w ? percent(w.uptime_percent === null ? null : w.uptime_percent / 100) : '…';
  };
  const avg = uptime.data?.['24h'].avg_response_time_ms ?? null;
  // The monitor keeps no error of its own: the newest listed result says why its last check failed.
  const newest = recent.rows[0];
  const lastFailure =
    newest?.status === 'down' && Date.parse(newest.checked_at) === Date.parse(monitor.last_checked_at ?? '')
      ? (newest.error ?? 'down')
      : null;

  return (
    <section>
      <p className="crumbs">
        <Link to="/">Dashboard</Link> / {monitor.name}
      </p>
      <PageHeader title={monitor.name}>
        <StatusBadge status={monitor.current_status} />
        <ManagedBadge configKey={monitor.config_key} />
        {can('admin') && (
          <>
            {monitor.current_status === 'paused' ? (
              <button type="button" onClick={() => void act('resume')}>
                Resume
              </button>
            ) : (
              <button type="button" onClick={() => void act('pause')}>
                Pause
              </button>
            )}
            {/* A heartbeat is pinged, not checked: there is nothing to run now. */}
            {monitor.monitor_type !== 'heartbeat' && (
              <button
                type="button"
                onClick={() => void act('check-now')}
                disabled={monitor.current_status === 'paused' || !checksHere}
                title={checksHere ? undefined : 'Checked from probes only: they keep their own schedule'}
              >
                Check now
              </button>
            )}
            <Link to={`/monitors/${id}/edit`} className="button">
              Edit
            </Link>
            <CloneButton id={id} onError={setError} />
            <ConfirmButton
              label="Delete"
              question={`Delete ${monitor.name} and its history?`}
              onConfirm={remove}
            />
          </>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {info && <Notice kind="ok">{info}</Notice>}
      <DependencyFacts monitor={monitor} all={store.all().map((r) => r.monitor)} />
      <dl className="facts">
        <dt>Type</dt>
        <dd>{typeLabel(monitor.monitor_type)}</dd>
        <MembershipFacts monitor={monitor} />
        {monitor.url && (
          <>
            <dt>Target</dt>
            <dd className="break">{monitor.url}</dd>
          </>
        )}
        <dt>Interval</dt>
        <dd>every {duration(monitor.check_interval_seconds)}</dd>
        <dt>{monitor.monitor_type === 'heartbeat' ? 'Last ping or missed ping' : 'Last check'}</dt>
        <dd data-testid="last-checked">
          {ago(monitor.last_checked_at)}
          {lastFailure && ` · failed: ${lastFailure}`}
          {monitor.last_status_code !== null && ` · HTTP ${monitor.last_status_code}`}
          {monitor.last_response_time_ms !== null && ` · ${monitor.last_response_time_ms} ms`}
        </dd>
        {monitor.tls_days_left !== null && (
          <>
            <dt>Certificate</dt>
            <dd>
              <CertificateDays days={monitor.tls_days_left} warnDays={monitor.tls_warn_days} />
            </dd>
          </>
        )}
        {monitor.heartbeat_token && <HeartbeatHelp token={monitor.heartbeat_token} />}
        <MonitorSettings monitor={monitor} />
      </dl>
      <ul className="uptime-cards" aria-label="Uptime">
        <li>
          <strong data-testid="uptime-24h">{uptimeCell('24h')}</strong> uptime 24 hours
        </li>
        <li>
          <strong>{uptimeCell('7d')}</strong> 7 days
        </li>
        <li>
          <strong>{uptimeCell('30d')}</strong> 30 days
        </li>
        {avg !== null && (
          <li>
            <strong>{Math.round(avg)} ms</strong> average 24 hours
          </li>
        )}
      </ul>
      {monitor.badge_enabled && (
        <BadgeSnippets
          monitorId={monitor.id}
          readsCertificate={
            monitor.monitor_type === 'tls' ||
            (monitor.monitor_type.startsWith('http_') && /^https:/i.test(monitor.url ?? '')) ||
            (monitor.monitor_type === 'smtp' && (monitor.starttls || /^smtps:/i.test(monitor.url ?? '')))
          }
        />
      )}
      {/* A heartbeat's pings take no time: it has no response time to draw. */}
      {monitor.monitor_type !== 'heartbeat' && (
        <div className="card">
          <div className="chart-head">
            <h2>Response time</h2>
            <fieldset className="segmented">
              <legend className="sr-only">Range</legend>
              {RANGES.map((r) => (
                <label key={r.key} className={range === r.key ? 'active' : ''}>
                  <input
                    type="radio"
                    name="range"
                    value={r.key}
                    checked={range === r.key}
                    onChange={() => setRange(r.key)}
                  />
                  {r.label}
                </label>
              ))}
            </fieldset>
          </div>
          {series && (
            <ResponseChart
              series={series}
              label={`Response time over the last ${RANGES.find((r) => r.key === range)!.label}`}
              note={seriesNote(series)}
            />
          )}
        </div>
      )}
      <h2>Incidents</h2>
      {incidents.error ? (
        <p className="muted">Incidents are not available: {incidents.error}</p>
      ) : incidents.data?.length ? (
        <ul className="plain">
          {incidents.data.map((i) => (
            <li key={i.id}>
              <span className={`tag tag-${i.status}`}>{i.status}</span>{' '}
              <Link to={`/incidents/${i.id}`}>started {dateTime(i.started_at)}</Link>
              {i.resolved_at ? `, resolved after ${duration(i.duration_seconds)}` : ''}
              {i.root_cause ? ` — ${i.root_cause}` : ''}
              {i.locations?.length ? ` (down from ${checkLocations.names(i.locations)})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No incidents.</p>
      )}
      <LocationStatesTable monitor={monitor} />
      <RecentChecks list={recent} where={where} locations={checkLocations} />
    </section>
  );
}
