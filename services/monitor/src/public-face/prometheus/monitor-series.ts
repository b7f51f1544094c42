import { certificateDaysLeft } from '../../engine/monitors/certificate-days.js';
import type { MonitorStatus } from '../../store/schema.js';

/** What the per-monitor families read of a monitor (one row of the monitors table). */
export interface MonitorSample {
  id: number;
  name: string;
  monitor_type: string;
  url: string | null;
  starttls: number;
  current_status: MonitorStatus;
  last_response_time_ms: number | null;
  last_tls_days_left: number | null;
}

export const MONITOR_STATES: readonly MonitorStatus[] = [
  'up',
  'degraded',
  'down',
  'maintenance',
  'paused',
  'pending',
];

/** A label value as the text format wants it: backslash, double quote and newline escaped. */
export function escapeLabel(value: string): string {
  return /[\\"\n]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
    : value;
}

/**
 * The per-monitor families in the text exposition format. Written directly rather than through
 * prom-client gauges: 10,000 monitors make some 80,000 series, and a registry of label sets that
 * is rebuilt on each scrape costs far more than one pass of string building. Each family's lines
 * stay together, as the format requires; the label set of a monitor is escaped once per scrape.
 */
export function writeMonitorSeries(
  monitors: readonly MonitorSample[],
  checks: (id: number) => { up: number; down: number } | null,
): string {
  const labels = monitors.map(
    (m) => `id="${m.id}",name="${escapeLabel(m.name)}",type="${escapeLabel(m.monitor_type)}"`,
  );
  // One string grown by appending: V8 keeps it as a rope until it is written out, which costs
  // less than an array of 100,000 line strings and a join.
  let out = '';
  const head = (name: string, type: string, help: string) => {
    out += `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n`;
  };

  head('monitor_up', 'gauge', 'Whether the monitor is up (1) or in any other state (0).');
  for (let i = 0; i < monitors.length; i++) {
    out += `monitor_up{${labels[i]}} ${monitors[i]!.current_status === 'up' ? 1 : 0}\n`;
  }
  head('monitor_status', 'gauge', 'The monitor state: 1 for the current one, 0 for the others.');
  for (let i = 0; i < monitors.length; i++) {
    const current = monitors[i]!.current_status;
    const prefix = `monitor_status{${labels[i]},state="`;
    for (const s of MONITOR_STATES) out += `${prefix}${s}"} ${s === current ? 1 : 0}\n`;
  }
  head('monitor_response_time_ms', 'gauge', 'Response time of the latest check that measured one, in ms.');
  for (let i = 0; i < monitors.length; i++) {
    const ms = monitors[i]!.last_response_time_ms;
    if (ms !== null) out += `monitor_response_time_ms{${labels[i]}} ${ms}\n`;
  }
  head('monitor_checks_total', 'counter', 'Checks this instance stored since it started, by outcome.');
  for (let i = 0; i < monitors.length; i++) {
    const c = checks(monitors[i]!.id);
    if (c === null) continue;
    out += `monitor_checks_total{${labels[i]},status="up"} ${c.up}\nmonitor_checks_total{${labels[i]},status="down"} ${c.down}\n`;
  }
  head('monitor_tls_days_left', 'gauge', 'Days left on the certificate at the latest check that read one.');
  for (let i = 0; i < monitors.length; i++) {
    const days = certificateDaysLeft(monitors[i]!);
    if (days !== null) out += `monitor_tls_days_left{${labels[i]}} ${days}\n`;
  }
  return out;
}
