// The HTML of a share link: the report or the monitor view, server-rendered with the status pages'
// shell (one stylesheet, no script: the strict CSP holds), every user-typed value escaped.
import type { SharedMonitorView, SlaReport } from '../../shared-types/sla-report-shapes.js';
import { html } from '../status-pages/render/html.js';
import { DEFAULT_ASSET_BASE, renderShell } from '../status-pages/render/page-shell.js';

const pct = (v: number | null) => (v === null ? '–' : `${v} %`);
const num = (v: number | null, unit = '') => (v === null ? '–' : `${v}${unit}`);

export function renderSharedReport(r: SlaReport, downloads: { csv: string; pdf: string }): string {
  const s = r.summary;
  const rows = r.monitors.map(
    (m) =>
      html`<tr><td>${m.name}</td><td>${pct(m.sla_target_percent)}</td><td>${pct(m.uptime_percent)}</td><td>${pct(m.uptime_with_maintenance_percent)}</td><td>${m.sla_met === null ? '–' : m.sla_met ? 'met' : 'missed'}</td><td>${num(m.downtime_minutes, ' min')}</td><td>${m.incidents.length}</td><td>${num(m.response_time_ms.p95, ' ms')}</td></tr>`,
  );
  return renderShell({
    title: `SLA report: ${r.scope.name} ${r.period.label}`,
    assetBase: DEFAULT_ASSET_BASE,
    body: html`<h1>SLA report: ${r.scope.name}</h1>
<p>${r.period.label} (${r.period.timezone}) · uptime ${pct(s.uptime_percent)} with maintenance excluded, ${pct(s.uptime_with_maintenance_percent)} included · ${s.incidents} incidents · SLA met by ${s.sla_met} of ${s.monitors}</p>
<p><a href="${downloads.pdf}">PDF</a> · <a href="${downloads.csv}">CSV</a></p>
<table><thead><tr><th>Monitor</th><th>Target</th><th>Uptime</th><th>With maintenance</th><th>SLA</th><th>Downtime</th><th>Incidents</th><th>p95</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  });
}

export function renderSharedMonitor(v: SharedMonitorView): string {
  const windows = (['24h', '7d', '30d', '365d'] as const).map(
    (k) =>
      html`<tr><td>${k}</td><td>${pct(v.uptime[k].uptime_percent)}</td><td>${num(v.uptime[k].p95_response_time_ms, ' ms')}</td></tr>`,
  );
  const incidents = v.incidents.map(
    (i) =>
      html`<li>${i.started_at}: ${i.resolved_at ? `resolved after ${Math.round((i.duration_seconds ?? 0) / 60)} min` : 'ongoing'}</li>`,
  );
  return renderShell({
    title: v.monitor.name,
    assetBase: DEFAULT_ASSET_BASE,
    body: html`<h1>${v.monitor.name}</h1>
<p>Status: ${v.monitor.status}</p>
<table><thead><tr><th>Window</th><th>Uptime</th><th>p95</th></tr></thead><tbody>${windows}</tbody></table>
<h2>Incidents, last 30 days</h2>
${incidents.length ? html`<ul>${incidents}</ul>` : html`<p>None.</p>`}`,
  });
}
