import type { OverallStatus, PublicIncidentUpdate, PublicMonitorState } from '../public-view.js';

// The live script (../assets/status-labels.js) carries the same words and bands: a unit test holds the two
// in step, so a page updated in place reads exactly like one rendered by the server.

export const OVERALL_LABELS: Record<OverallStatus, string> = {
  operational: 'All systems operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
};

export const STATE_LABELS: Record<PublicMonitorState, string> = {
  up: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  maintenance: 'Maintenance',
  paused: 'Monitoring paused',
  unknown: 'No data',
};

export const UPDATE_LABELS: Record<PublicIncidentUpdate['status'], string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/**
 * The colour band of one day's bar, as a class: the CSP forbids style attributes, so a bar's
 * colour can only come from a fixed set of classes in the stylesheet.
 */
export function barClass(uptime: number | null, maintenance: boolean): string {
  if (maintenance) return 'b bm';
  if (uptime === null) return 'b bn';
  if (uptime >= 99.9) return 'b b4';
  if (uptime >= 99) return 'b b3';
  if (uptime >= 95) return 'b b2';
  if (uptime > 0) return 'b b1';
  return 'b b0';
}

/** A percentage as a visitor reads it: two decimals, never rounded up to a perfect 100. */
export function formatPercent(p: number | null): string {
  if (p === null) return 'no data';
  const floored = Math.floor(p * 100) / 100;
  return `${floored.toFixed(2)}%`;
}

/** One bar's accessible label (and tooltip): its date and what happened that day. */
export function barLabel(date: string, uptime: number | null, maintenance: boolean): string {
  const pct = uptime === null ? 'no data' : `${formatPercent(uptime)} uptime`;
  return maintenance ? `${date}: ${pct}, maintenance` : `${date}: ${pct}`;
}

/** An instant in UTC, the same for every visitor and for the page the script updates. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
