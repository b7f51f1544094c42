import type { SlaReport } from '../api/types.js';

const pct = (v: number | null) => (v === null ? '–' : `${v} %`);
const min = (s: number | null) => (s === null ? '–' : `${Math.round(s / 6) / 10} min`);

/** The report's summary and one row per monitor, as the API computed them. */
export function ReportPreview({ report: r }: { report: SlaReport }) {
  const s = r.summary;
  return (
    <div className="report-preview">
      <h2>
        {r.scope.name}, {r.period.label} ({r.period.timezone})
      </h2>
      <p>
        Uptime {pct(s.uptime_percent)} with maintenance excluded, {pct(s.uptime_with_maintenance_percent)}{' '}
        included; {s.incidents} {s.incidents === 1 ? 'incident' : 'incidents'} (MTTA {min(s.mtta_seconds)},
        MTTR {min(s.mttr_seconds)}); SLA met by {s.sla_met} of {s.monitors}.
      </p>
      <div className="table-wrap">
        <table aria-label="Report">
          <thead>
            <tr>
              <th>Monitor</th>
              <th>Target</th>
              <th>Uptime</th>
              <th>With maintenance</th>
              <th>SLA</th>
              <th>Downtime</th>
              <th>Budget left</th>
              <th>Incidents</th>
              <th>p50 / p95 / p99</th>
            </tr>
          </thead>
          <tbody>
            {r.monitors.map((m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
                <td>{m.sla_target_percent} %</td>
                <td>{pct(m.uptime_percent)}</td>
                <td>{pct(m.uptime_with_maintenance_percent)}</td>
                <td>{m.sla_met === null ? '–' : m.sla_met ? 'met' : 'missed'}</td>
                <td>{m.downtime_minutes === null ? '–' : `${m.downtime_minutes} min`}</td>
                <td>{m.error_budget_left_minutes === null ? '–' : `${m.error_budget_left_minutes} min`}</td>
                <td>{m.incidents.length}</td>
                <td>
                  {[m.response_time_ms.p50, m.response_time_ms.p95, m.response_time_ms.p99]
                    .map((v) => (v === null ? '–' : v))
                    .join(' / ')}{' '}
                  ms
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
