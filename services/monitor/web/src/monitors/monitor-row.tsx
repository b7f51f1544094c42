import { memo } from 'react';
import { ChecksBar } from '../components/checks-bar.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Sparkline } from '../components/sparkline.js';
import { StatusBadge } from '../components/status-badge.js';
import { TagChips } from '../groups/tag-chips.js';
import { percent } from '../lib/format.js';
import { Link } from '../lib/router.js';
import { LocationDots } from '../locations/location-dots.js';
import { isMultiLocation } from '../locations/monitor-locations.js';
import { CertificateDays } from './certificate-days.js';
import { dayUptime, type Row } from './live-store.js';
import { typeLabel } from './monitor-types.js';

/** One line of the dashboard; memoised on the row object, which changes only when its monitor does. */
export const MonitorRow = memo(function MonitorRow({
  row,
  selected,
  onSelect,
}: {
  row: Row;
  /** With `onSelect`, the row has a checkbox for bulk actions. */
  selected?: boolean;
  onSelect?: (id: number, on: boolean) => void;
}) {
  const m = row.monitor;
  return (
    <div
      className={onSelect ? 'mrow mrow-selectable' : 'mrow'}
      data-monitor-id={m.id}
      data-status={m.current_status}
    >
      {onSelect && (
        <input
          type="checkbox"
          className="mrow-select"
          aria-label={`Select ${m.name}`}
          checked={selected ?? false}
          onChange={(e) => onSelect(m.id, e.target.checked)}
        />
      )}
      <StatusBadge status={m.current_status} />
      <div className="mrow-name">
        <Link to={`/monitors/${m.id}`}>{m.name}</Link>
        <ManagedBadge configKey={m.config_key} />
        {m.status_reason === 'dependency_down' && m.current_status === 'down' && (
          <span
            className="chip chip-dependency"
            title="Down because a monitor it depends on is down: no alert of its own"
          >
            dependency down
          </span>
        )}
        <span className="muted mrow-target">
          {isMultiLocation(m) && <LocationDots monitor={m} />}
          <TagChips tags={m.tags} />
          {typeLabel(m.monitor_type)}
          {m.url ? ` · ${m.url}` : ''}
          {m.tls_days_left !== null && ' · '}
          <CertificateDays days={m.tls_days_left} warnDays={m.tls_warn_days} />
        </span>
      </div>
      <ChecksBar points={row.history} />
      <Sparkline points={row.history} />
      <span className="mrow-ms" title="Last response time">
        {m.last_response_time_ms !== null ? `${m.last_response_time_ms} ms` : '—'}
      </span>
      <span className="mrow-uptime" title="Uptime over the last 24 hours">
        {percent(dayUptime(row))}
      </span>
    </div>
  );
});
