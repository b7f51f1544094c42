// The live stream's events as the dashboard reads them (GET /api/sse/dashboard).
import { type Static, Type } from 'typebox';
import type { MonitorLocationState } from './location-shapes.js';
import type { MonitorStatus } from './monitor-shapes.js';

/** A `monitor.check_result` event of `/api/sse/dashboard` (published by engine/results/result-events.ts). */
export interface CheckResultEvent {
  monitor_id: number;
  result_id: number;
  status: 'up' | 'down';
  prev_status?: string | null;
  /** The monitor's status after this result (servers before 2026-11-23 leave it out). */
  monitor_status?: MonitorStatus;
  /** Why the monitor reads its status (`dependency_down`), null when its own checks decided. */
  status_reason?: 'dependency_down' | null;
  response_time_ms: number | null;
  status_code: number | null;
  checked_at: string;
  /** Only on results that read a certificate; absent means the monitor's days are unchanged. */
  tls_days_left?: number;
  /** Where the check ran; `locations`: every location's state, for multi-location monitors only. */
  location_id?: string;
  locations?: MonitorLocationState[];
}

/** POST /api/sse/tickets: the single-use ticket that opens the stream. */
export const StreamTicket = Type.Object({
  ticket: Type.String({ description: 'Pass as ?ticket= to GET /api/sse/dashboard; works once' }),
  expires_in: Type.Integer({ description: 'Seconds the ticket stays valid' }),
});
export type StreamTicket = Static<typeof StreamTicket>;
