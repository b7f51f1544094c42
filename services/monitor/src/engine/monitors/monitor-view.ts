import { iso } from '../../platform/http/schemas.js';
import type { MonitorTag } from '../../shared-types/group-shapes.js';
import type { MonitorLocationState } from '../../shared-types/location-shapes.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import { parseDependsOn } from '../dependencies/depends-on.js';
import { parseLocationIds } from '../locations/monitor-locations.js';
import { certificateDaysLeft } from './certificate-days.js';
import { configOf } from './monitor-input.js';

/**
 * The API shape of a monitor. Credentials read as the mask for every role: the stored
 * configuration holds masks, the values themselves only exist encrypted (see monitor-secrets.ts).
 */
export function toMonitorView(
  row: MonitorRow,
  channelIds: number[] = [],
  tags: MonitorTag[] = [],
  dependsOn: number[] = parseDependsOn(row.depends_on),
  locations: MonitorLocationState[] = [],
) {
  return {
    id: row.id,
    ...configOf(row),
    channel_ids: channelIds,
    reminder_interval_minutes: row.reminder_interval_minutes,
    depends_on: dependsOn,
    tls_alert_days: row.tls_warn_days,
    location_ids: parseLocationIds(row.location_ids),
    quorum: row.quorum,
    locations,
    // A reason only explains a down state (a monitor paused or resumed since keeps the stale column).
    status_reason: row.current_status === 'down' ? row.status_reason : null,
    escalation_policy_id: row.escalation_policy_id,
    group_id: row.group_id,
    tags,
    current_status: row.current_status,
    last_checked_at: row.last_checked_at === null ? null : iso(row.last_checked_at),
    last_response_time_ms: row.last_response_time_ms,
    last_status_code: row.last_status_code,
    consecutive_failures: row.consecutive_failures,
    tls_days_left: certificateDaysLeft(row),
    heartbeat_token: row.heartbeat_token,
    config_key: row.managed === 1 ? row.config_key : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
