import { request } from 'node:http';
import type { Instance } from '../../services/monitor/test/multi-instance/cluster.js';
import { pct } from './counting-target.js';

const HEARTBEATS = 60;

/** Opens B's dashboard stream and calls `onEvent` with each event's type, data and arrival time. */
function listen(
  inst: Instance,
  onEvent: (event: string, data: string, at: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${inst.base}/api/sse/dashboard`,
      { headers: { accept: 'text/event-stream', authorization: `Bearer ${inst.token}` } },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = Date.now();
          buffer += chunk;
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (event) onEvent(event, data, at);
          }
        });
        resolve(() => req.destroy());
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Heartbeat pings sent to A at `rate` per second for `ms`: each is stored and published on A, and
 * arrives on a dashboard stream open on B through the relay. Latency: ping sent → event on B (an
 * upper bound: it includes A's HTTP handling and the write of the result), and A's answer → event
 * on B (A publishes before it answers, so this one can come out slightly negative).
 */
export async function measureEventLatency(a: Instance, b: Instance, rate: number, ms: number) {
  const monitors: { id: number; token: string; sent: number[]; answered: number[]; busy: boolean }[] = [];
  for (let i = 0; i < HEARTBEATS; i++) {
    const res = await a.call('POST', '/api/monitors', {
      name: `hb${i}`,
      monitor_type: 'heartbeat',
      check_interval_seconds: 3600,
    });
    const m = res.json as { id: number; heartbeat_token: string };
    monitors.push({ id: m.id, token: m.heartbeat_token, sent: [], answered: [], busy: false });
  }
  const byId = new Map(monitors.map((m) => [m.id, m]));
  const fromSend: number[] = [];
  const fromAnswer: number[] = [];
  let unmatched = 0;
  const stop = await listen(b, (event, data, at) => {
    if (event !== 'monitor.check_result') return;
    const m = byId.get((JSON.parse(data) as { monitor_id: number }).monitor_id);
    if (!m) return;
    const sent = m.sent.shift();
    const answered = m.answered.shift();
    if (sent === undefined) {
      unmatched++;
      return;
    }
    fromSend.push(at - sent);
    if (answered !== undefined) fromAnswer.push(at - answered);
  });
  // One ping in flight per monitor, so that each monitor's events match its pings in order.
  let sentCount = 0;
  let skipped = 0;
  let next = 0;
  const started = Date.now();
  const tickMs = 10;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * rate) - sentCount - skipped;
      for (let k = 0; k < due; k++) {
        const m = monitors[next++ % monitors.length]!;
        if (m.busy) {
          skipped++;
          continue;
        }
        m.busy = true;
        sentCount++;
        m.sent.push(Date.now());
        fetch(`${a.base}/api/heartbeat/${m.token}`, { method: 'POST' })
          .then((r) => r.arrayBuffer())
          .then(() => m.answered.push(Date.now()))
          .finally(() => {
            m.busy = false;
          });
      }
      if (Date.now() - started >= ms) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  // Let the last events arrive.
  await new Promise((r) => setTimeout(r, 2000));
  stop();
  return {
    sent: sentCount,
    sent_per_s: Math.round((sentCount / (ms / 1000)) * 10) / 10,
    skipped_busy: skipped,
    seen_on_b: fromSend.length,
    unmatched,
    send_to_b_p50_ms: pct(fromSend, 50),
    send_to_b_p99_ms: pct(fromSend, 99),
    send_to_b_max_ms: pct(fromSend, 100),
    answer_to_b_p50_ms: pct(fromAnswer, 50),
    answer_to_b_p99_ms: pct(fromAnswer, 99),
  };
}
