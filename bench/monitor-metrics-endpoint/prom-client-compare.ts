import { parseArgs } from 'node:util';
import { Counter, Gauge, Registry } from 'prom-client';
import {
  MONITOR_STATES,
  writeMonitorSeries,
} from '../../services/monitor/src/public-face/prometheus/monitor-series.js';

/*
 * Why the per-monitor families are written directly: the same series through prom-client gauges
 * (labels set for every monitor, then the registry rendered, as each scrape would need) beside
 * writeMonitorSeries, CPU milliseconds per round.
 */
const { values } = parseArgs({ options: { monitors: { type: 'string', default: '10000' } } });
const rows = Array.from({ length: Number(values.monitors) }, (_, i) => ({
  id: i + 1,
  name: `Service ${i + 1} health (eu-central)`,
  monitor_type: i % 3 ? 'http_get' : 'tcp',
  url: 'https://service.example.com/',
  starttls: 0,
  current_status: 'up' as const,
  last_response_time_ms: 123,
  last_tls_days_left: 40,
}));

async function throughPromClient(): Promise<string> {
  const registers = [new Registry()];
  const labelNames = ['id', 'name', 'type'];
  const up = new Gauge({ name: 'monitor_up', help: '.', labelNames, registers });
  const status = new Gauge({
    name: 'monitor_status',
    help: '.',
    labelNames: [...labelNames, 'state'],
    registers,
  });
  const rt = new Gauge({ name: 'monitor_response_time_ms', help: '.', labelNames, registers });
  const checks = new Counter({
    name: 'monitor_checks_total',
    help: '.',
    labelNames: [...labelNames, 'status'],
    registers,
  });
  const tls = new Gauge({ name: 'monitor_tls_days_left', help: '.', labelNames, registers });
  for (const m of rows) {
    const l = { id: String(m.id), name: m.name, type: m.monitor_type };
    up.set(l, 1);
    for (const s of MONITOR_STATES) status.set({ ...l, state: s }, s === m.current_status ? 1 : 0);
    rt.set(l, m.last_response_time_ms);
    checks.inc({ ...l, status: 'up' }, 10);
    checks.inc({ ...l, status: 'down' }, 1);
    tls.set(l, m.last_tls_days_left);
  }
  return registers[0]!.metrics();
}

const cpuMs = async (f: () => unknown) => {
  const u = process.cpuUsage();
  await f();
  const d = process.cpuUsage(u);
  return Math.round((d.user + d.system) / 1000);
};
for (let round = 0; round < 5; round++) {
  const prom = await cpuMs(throughPromClient);
  const direct = await cpuMs(() => Buffer.byteLength(writeMonitorSeries(rows, () => ({ up: 10, down: 1 }))));
  console.log(JSON.stringify({ monitors: rows.length, cpu_ms: { prom_client: prom, direct } }));
}
