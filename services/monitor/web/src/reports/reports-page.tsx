import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Channel, CreatedShareLink, ReportScopeKind, SlaReport } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { downloadFile } from './download.js';
import { ReportPreview } from './report-preview.js';
import { SchedulesSection } from './schedules-section.js';
import { ShareLinksSection } from './share-links-section.js';

interface Named {
  id: number;
  name?: string;
  title?: string;
}

/** The month before this one, `YYYY-MM`: the period most asked about. */
function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** SLA reports: choose scope and period, preview, download CSV or PDF, share, schedule. */
export function ReportsPage() {
  const { can } = useAuth();
  const [scope, setScope] = useState<ReportScopeKind>('all');
  const [scopeId, setScopeId] = useState('');
  const [period, setPeriod] = useState(lastMonth());
  const [timezone, setTimezone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [target, setTarget] = useState('');
  const [report, setReport] = useState<SlaReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  const sources: Record<Exclude<ReportScopeKind, 'all'>, string> = {
    monitor: '/api/monitors',
    group: '/api/groups',
    tag: '/api/tags',
    status_page: '/api/status-pages',
  };
  const choices = useApi<Named[]>(scope === 'all' ? null : sources[scope]);
  const channels = useApi<Channel[]>(can('admin') ? '/api/channels' : null);
  const query = {
    scope,
    scope_id: scope === 'all' ? undefined : scopeId,
    period,
    timezone,
    sla_target_percent: target || undefined,
  };

  const preview = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    try {
      setReport(await api<SlaReport>('/api/reports', { query }));
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const download = async (format: 'csv' | 'pdf') => {
    setError(null);
    try {
      await downloadFile(`/api/reports/${format}`, query, `sla-report.${format}`);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const share = async () => {
    setError(null);
    try {
      const report = Object.fromEntries(
        Object.entries({ ...query, scope_id: query.scope_id ? Number(query.scope_id) : undefined }).filter(
          ([, v]) => v !== undefined && v !== '',
        ),
      );
      if (report.sla_target_percent !== undefined)
        report.sla_target_percent = Number(report.sla_target_percent);
      const link = await api<CreatedShareLink>('/api/share-links', {
        method: 'POST',
        body: { kind: 'report', report },
      });
      setShared(`${location.origin}${link.path}`);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section>
      <PageHeader title="Reports" />
      <form className="form-grid" onSubmit={(e) => void preview(e)} aria-label="Report">
        <Field label="Scope">
          <select value={scope} onChange={(e) => setScope(e.target.value as ReportScopeKind)}>
            <option value="all">All monitors</option>
            <option value="monitor">A monitor</option>
            <option value="group">A group</option>
            <option value="tag">A tag</option>
            <option value="status_page">A status page</option>
          </select>
        </Field>
        {scope !== 'all' && (
          <Field label="Which">
            <select value={scopeId} onChange={(e) => setScopeId(e.target.value)}>
              <option value="">Choose…</option>
              {(choices.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name ?? c.title ?? c.id}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Period" hint="A month (2026-03), a quarter (2026-Q1) or a year (2026)">
          <input value={period} onChange={(e) => setPeriod(e.target.value)} />
        </Field>
        <Field label="Time zone">
          <input value={timezone} onChange={(e) => setTimezone(e.target.value)} />
        </Field>
        <Field label="SLA target (%)" hint="Empty: each monitor's own">
          <input
            type="number"
            step="0.001"
            min="0"
            max="100"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="primary">
            Preview
          </button>
          <button type="button" onClick={() => void download('csv')}>
            Download CSV
          </button>
          <button type="button" onClick={() => void download('pdf')}>
            Download PDF
          </button>
          {can('admin') && (
            <button type="button" onClick={() => void share()}>
              Share link
            </button>
          )}
        </div>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {shared && (
        <Notice kind="ok">
          Read-only link (shown once; revoke it in the share links list below):{' '}
          <input readOnly value={shared} aria-label="Share link" onFocus={(e) => e.target.select()} />
        </Notice>
      )}
      {report && <ReportPreview report={report} />}
      {can('admin') && <ShareLinksSection refresh={shared} />}
      {can('admin') && (
        <SchedulesSection
          scope={scope}
          scopeId={scopeId}
          timezone={timezone}
          channels={(channels.data ?? []).filter((c) => c.type === 'email')}
        />
      )}
    </section>
  );
}
