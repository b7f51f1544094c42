import { useEffect, useState } from 'react';
import type { IncidentDetail } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime, duration } from '../lib/format.js';
import { Link } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { useLiveStore } from '../monitors/use-live.js';
import { AcknowledgeButton, AddUpdateForm, PostmortemForm, ResolveForm } from './incident-actions.js';
import { IncidentNotes } from './incident-notes.js';
import { IncidentTimeline } from './incident-timeline.js';

/** One incident: who acknowledged and resolved it, its timeline, its postmortem; admins write them. */
export function IncidentDetailPage({ id }: { id: number }) {
  const { can } = useAuth();
  const store = useLiveStore();
  const loaded = useApi<IncidentDetail>(`/api/incidents/${id}`, undefined, store.incidentVersion);
  const [incident, setIncident] = useState<IncidentDetail | null>(null);
  useEffect(() => {
    if (loaded.data) setIncident(loaded.data);
  }, [loaded.data]);
  const name = incident ? store.all().find((r) => r.monitor.id === incident.monitor_id)?.monitor.name : null;

  if (loaded.error) return <Notice kind="error">{loaded.error}</Notice>;
  if (!incident) return <p className="muted">Loading…</p>;
  const i = incident;
  return (
    <section className="stack">
      <PageHeader title={`Incident #${i.id}`}>
        {can('admin') && <AcknowledgeButton incident={i} onChanged={setIncident} />}
        <Link to="/incidents">All incidents</Link>
      </PageHeader>
      <div className="card">
        <dl className="facts" aria-label="Incident">
          <dt>Status</dt>
          <dd>
            <span className={`tag tag-${i.status}`} data-incident-status={i.status}>
              {i.status}
            </span>
          </dd>
          {i.severity && (
            <>
              <dt>Severity</dt>
              <dd data-field="severity">{i.severity === 'minor' ? 'minor (degraded)' : 'major (down)'}</dd>
            </>
          )}
          {i.affected && i.affected.length > 0 && (
            <>
              <dt>Affected dependants</dt>
              <dd data-field="affected">
                {i.affected.length}:{' '}
                {i.affected.map((a, n) => (
                  <span key={a.id}>
                    {n > 0 && ', '}
                    <Link to={`/monitors/${a.id}`}>{a.name}</Link>
                  </span>
                ))}
              </dd>
            </>
          )}
          <dt>Monitor</dt>
          <dd>
            <Link to={`/monitors/${i.monitor_id}`}>{name ?? `Monitor #${i.monitor_id}`}</Link>
          </dd>
          <dt>Started</dt>
          <dd>{dateTime(i.started_at)}</dd>
          <dt>Duration</dt>
          <dd>
            {i.resolved_at
              ? duration(i.duration_seconds ?? 0)
              : `${duration(i.duration_seconds ?? 0)} so far`}
          </dd>
          <dt>Cause</dt>
          <dd className="words">{i.root_cause ?? '—'}</dd>
          <dt>Acknowledged</dt>
          <dd data-field="acknowledged">
            {i.acknowledged_at ? `by ${i.acknowledged_by ?? 'someone'}, ${dateTime(i.acknowledged_at)}` : '—'}
          </dd>
          <dt>Resolved</dt>
          <dd data-field="resolved">
            {i.resolved_at
              ? `${dateTime(i.resolved_at)}${i.resolved_by ? ` by ${i.resolved_by}` : ' (the monitor recovered)'}`
              : '—'}
          </dd>
        </dl>
      </div>
      <div className="card">
        <h2>Timeline</h2>
        <IncidentTimeline updates={i.updates} />
      </div>
      <IncidentNotes incidentId={i.id} writable={can('admin')} />
      {i.postmortem && !can('admin') && (
        <div className="card">
          <h2>Postmortem</h2>
          <p className="words pre-line" data-field="postmortem">
            {i.postmortem}
          </p>
        </div>
      )}
      {can('admin') && (
        <>
          <AddUpdateForm incident={i} onChanged={setIncident} />
          <ResolveForm incident={i} onChanged={setIncident} />
          <PostmortemForm incident={i} onChanged={setIncident} />
        </>
      )}
    </section>
  );
}
