import type { EventBus } from '../../platform/events/event-bus.js';
import type { MonitorLocationState } from '../../shared-types/location-shapes.js';
import type { MonitorStatus, StatusReason } from '../../store/schema.js';

/** The facts of one stored result that the live stream needs. */
export interface StoredResultFacts {
  monitor_id: number;
  result_id: number;
  checked_at: number;
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  /** Days left on the certificate this check read; null (or absent) when it read none. */
  tls_days_left?: number | null;
  prev_status: MonitorStatus;
  new_status: MonitorStatus;
  /** Why the monitor reads its status (`dependency_down`), null when its own checks decided. */
  status_reason?: StatusReason | null;
  /** Where the check ran: `local`, or a probe's location (issue 13). */
  location_id?: string;
  /** Multi-location monitors only: every location's state after this result. */
  locations?: MonitorLocationState[];
}

/** Publishes `monitor.check_result`, and `monitor.status_changed` when the status moved. */
export function publishResult(bus: EventBus, r: StoredResultFacts): void {
  const at = new Date(r.checked_at).toISOString();
  bus.publish('monitor.check_result', {
    monitor_id: r.monitor_id,
    result_id: r.result_id,
    status: r.status,
    prev_status: r.prev_status,
    // The monitor's status after this result: a client that missed a status_changed event (it
    // connected after it) is corrected by the next result of that monitor.
    monitor_status: r.new_status,
    status_reason: r.status_reason ?? null,
    response_time_ms: r.response_time_ms,
    status_code: r.status_code,
    checked_at: at,
    location_id: r.location_id ?? 'local',
    ...(r.locations && { locations: r.locations }),
    // Only checks that read a certificate carry it (most do not): the event stays small, and a
    // missing field means "unchanged", as the monitor keeps the days of its last certificate.
    ...(r.tls_days_left != null && { tls_days_left: r.tls_days_left }),
  });
  if (r.new_status !== r.prev_status) {
    bus.publish('monitor.status_changed', {
      monitor_id: r.monitor_id,
      result_id: r.result_id,
      status: r.new_status,
      prev_status: r.prev_status,
      status_reason: r.status_reason ?? null,
      changed_at: at,
      ...(r.locations && { locations: r.locations }),
    });
  }
}
