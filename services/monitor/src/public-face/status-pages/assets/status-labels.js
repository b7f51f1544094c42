// The words, colour bands and formats of the public status page's live script, beside it as a module
// of its own. They mirror src/status-pages/render/labels.ts (a test compares them).

export const OVERALL_LABELS = {
  operational: 'All systems operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
};

export const STATE_LABELS = {
  up: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  maintenance: 'Maintenance',
  paused: 'Monitoring paused',
  unknown: 'No data',
};

export const UPDATE_LABELS = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

export function barClass(uptime, maintenance) {
  if (maintenance) return 'b bm';
  if (uptime === null) return 'b bn';
  if (uptime >= 99.9) return 'b b4';
  if (uptime >= 99) return 'b b3';
  if (uptime >= 95) return 'b b2';
  if (uptime > 0) return 'b b1';
  return 'b b0';
}

export function formatPercent(p) {
  if (p === null) return 'no data';
  return `${(Math.floor(p * 100) / 100).toFixed(2)}%`;
}

export function barLabel(date, uptime, maintenance) {
  const pct = uptime === null ? 'no data' : `${formatPercent(uptime)} uptime`;
  return maintenance ? `${date}: ${pct}, maintenance` : `${date}: ${pct}`;
}

export function formatTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
