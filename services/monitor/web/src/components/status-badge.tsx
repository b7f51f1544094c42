import type { MonitorStatus } from '../api/types.js';

const labels: Record<MonitorStatus, string> = {
  up: 'Up',
  degraded: 'Degraded',
  down: 'Down',
  paused: 'Paused',
  maintenance: 'Maintenance',
  pending: 'Pending',
};

/** A coloured status pill; the word is always present so colour is never the only signal. */
export function StatusBadge({ status }: { status: MonitorStatus }) {
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {labels[status] ?? status}
    </span>
  );
}
