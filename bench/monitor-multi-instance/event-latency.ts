import type { Instance } from '../../services/monitor/test/multi-instance/cluster.js';
import { listenDashboard } from '../shared/dashboard-stream.js';
import { pct } from './counting-target.js';

const HEARTBEATS = 100;
/** Pings in flight at most (beyond it a tick's pings are skipped and counted). */
const MAX_IN_FLIGHT = 200;

/** Opens a dashboard stream on `inst` (arrival times from performance.now). */
const listen = (inst: Instance, onEvent: (event: string, data: string, at: number) => void) =>
  listenDashboard(inst.base, inst.token, onEvent, () => performance.now());

/**
 * Events made on A reach a dashboard stream on B through the relay. Heartbeat pings sent to A at
 * `rate` per second make the events (each ping is stored and published on A); one dashboard stream
 * is open on A and one on B, and each event's latency is its arrival on B minus its arrival on A,
 * matched by result id. Both streams are read by this process, so its own delays cancel out.
 */
export async function measureEventLatency(a: Instance, b: Instance, rate: number, ms: number) {
  const tokens: string[] = [];
  const ids = new Set<number>();
  for (let i = 0; i < HEARTBEATS; i++) {
    const res = await a.call('POST', '/api/monitors', {
      name: `hb${i}`,
      monitor_type: 'heartbeat',
      check_interval_seconds: 3600,
    });
    const m = res.json as { id: number; heartbeat_token: string };
    tokens.push(m.heartbeat_token);
    ids.add(m.id);
  }
  const onA = new Map<number, number>();
  const latencies: number[] = [];
  const early = new Map<number, number>();
  const ours = (data: string) => {
    const d = JSON.parse(data) as { monitor_id: number; result_id: number };
    return ids.has(d.monitor_id) ? d.result_id : null;
  };
  const stopA = await listen(a, (event, data, at) => {
    if (event !== 'monitor.check_result') return;
    const r = ours(data);
    if (r === null) return;
    const onB = early.get(r);
    if (onB !== undefined) {
      early.delete(r);
      latencies.push(onB - at);
    } else onA.set(r, at);
  });
  const stopB = await listen(b, (event, data, at) => {
    if (event !== 'monitor.check_result') return;
    const r = ours(data);
    if (r === null) return;
    const seen = onA.get(r);
    if (seen === undefined) early.set(r, at);
    else {
      onA.delete(r);
      latencies.push(at - seen);
    }
  });
  let sent = 0;
  let skipped = 0;
  let inFlight = 0;
  let failed = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * rate) - sent - skipped;
      for (let k = 0; k < due; k++) {
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        inFlight++;
        const token = tokens[(sent + skipped) % tokens.length]!;
        sent++;
        fetch(`${a.base}/api/heartbeat/${token}`, { method: 'POST' })
          .then((r) => {
            if (r.status !== 200) failed++;
            return r.arrayBuffer();
          })
          .catch(() => failed++)
          .finally(() => inFlight--);
      }
      if (Date.now() - started >= ms) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const elapsed = Date.now() - started;
  // Let the last ones arrive.
  await new Promise((r) => setTimeout(r, 3000));
  stopA();
  stopB();
  return {
    pings_sent_per_s: Math.round((sent / (elapsed / 1000)) * 10) / 10,
    skipped_at_max_in_flight: skipped,
    failed,
    events_on_both: latencies.length,
    events_per_s: Math.round((latencies.length / (elapsed / 1000)) * 10) / 10,
    only_on_a: onA.size,
    only_on_b: early.size,
    a_to_b_p50_ms: round(pct(latencies, 50)),
    a_to_b_p99_ms: round(pct(latencies, 99)),
    a_to_b_max_ms: round(pct(latencies, 100)),
  };
}

const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
