import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  type CheckOutcome,
  type CheckTarget,
  runCheck,
} from '../../services/monitor/src/engine/checks/index.js';

/*
 * bench/monitor-peer-checks: websocket, grpc, mqtt and amqp checks started at a fixed rate
 * (default 1,000 a minute) for a while, passing and failing (wrong value, NOT_SERVING, auth failed,
 * timeouts against a server that never answers). Prints checks done per kind, latency p50/p99,
 * and what the process holds before, at its peak and after: open file descriptors, active handles
 * by kind, RSS; plus the connections the loopback peers still see open at the end. A leak shows
 * as descriptors or handles that do not come back down.
 * Needs Mosquitto on 127.0.0.1:1883 and RabbitMQ on 127.0.0.1:5672 (guest/guest).
 */
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '60' },
  },
});
const perMinute = Number(values.rate);
const durationS = Number(values.duration);

const peers = spawn(process.execPath, ['--import', 'tsx', new URL('./peers.ts', import.meta.url).pathname], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: peers.stdout! })[Symbol.asyncIterator]();
const nextLine = async (): Promise<string> => (await lines.next()).value as string;
const ports = JSON.parse(await nextLine()) as { ws: number; grpc: number; hole: number };

const kinds: Record<string, () => CheckTarget> = {
  'websocket up': () => ({
    monitor_type: 'websocket',
    url: `ws://127.0.0.1:${ports.ws}/echo`,
    message: 'ping',
    expected_value: 'ping',
    timeout_seconds: 2,
  }),
  'websocket wrong value': () => ({
    monitor_type: 'websocket',
    url: `ws://127.0.0.1:${ports.ws}/echo`,
    message: 'ping',
    expected_value: 'pong',
    timeout_seconds: 2,
  }),
  'grpc up': () => ({ monitor_type: 'grpc', url: `grpc://127.0.0.1:${ports.grpc}`, timeout_seconds: 2 }),
  'grpc NOT_SERVING': () => ({
    monitor_type: 'grpc',
    url: `grpc://127.0.0.1:${ports.grpc}`,
    service_name: 'bench.Down',
    timeout_seconds: 2,
  }),
  'mqtt round trip': () => ({
    monitor_type: 'mqtt',
    url: 'mqtt://127.0.0.1:1883',
    topic: `uptime-bench/${randomUUID()}`,
    timeout_seconds: 2,
  }),
  'amqp round trip': () => ({
    monitor_type: 'amqp',
    url: 'amqp://guest:guest@127.0.0.1:5672',
    topic: `uptime-bench-${randomUUID()}`,
    timeout_seconds: 2,
  }),
  'amqp auth failed': () => ({
    monitor_type: 'amqp',
    url: 'amqp://guest:wrong@127.0.0.1:5672',
    timeout_seconds: 2,
  }),
};
// One check in 20 goes to the server that never answers (a timeout of each type in turn).
const timeoutKinds = ['websocket', 'grpc', 'mqtt', 'amqp'] as const;

const fds = (): number => readdirSync('/proc/self/fd').length;
function handles(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of process.getActiveResourcesInfo()) out[k] = (out[k] ?? 0) + 1;
  return out;
}
const rssMb = (): number => Math.round(process.memoryUsage().rss / 1048576);

// Warm-up: one of each, so module loading and library singletons are not counted as growth.
for (const make of Object.values(kinds)) await runCheck(make());
// A check returns once its connection is closing; the socket itself goes a moment later.
await new Promise((r) => setTimeout(r, 200));
const before = { fds: fds(), handles: handles(), rss: rssMb() };

interface KindStats {
  up: number;
  down: number;
  ms: number[];
  errors: Map<string, number>;
}
const stats = new Map<string, KindStats>();
const record = (kind: string, out: CheckOutcome, ms: number): void => {
  const s: KindStats = stats.get(kind) ?? { up: 0, down: 0, ms: [], errors: new Map<string, number>() };
  stats.set(kind, s);
  s[out.status]++;
  s.ms.push(ms);
  // Ports differ per run: the error kinds are counted with them blanked out.
  const error = out.error?.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:N');
  if (error) s.errors.set(error, (s.errors.get(error) ?? 0) + 1);
};
let peakFds = before.fds;
let inFlight = 0;
let peakInFlight = 0;
const pending = new Set<Promise<void>>();
const names = Object.keys(kinds);
const spacingMs = 60_000 / perMinute;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; performance.now() - t0 < durationS * 1000; i++) {
  const due = t0 + i * spacingMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  let kind: string;
  let target: CheckTarget;
  if (i % 20 === 19) {
    const type = timeoutKinds[Math.floor(i / 20) % timeoutKinds.length]!;
    kind = `${type} timeout`;
    target = {
      monitor_type: type,
      url: `${type === 'websocket' ? 'ws' : type}://127.0.0.1:${ports.hole}`,
      timeout_seconds: 2,
    };
  } else {
    kind = names[i % names.length]!;
    target = kinds[kind]!();
  }
  const started = performance.now();
  inFlight++;
  peakInFlight = Math.max(peakInFlight, inFlight);
  const p = runCheck(target).then((out) => {
    inFlight--;
    record(kind, out, performance.now() - started);
    peakFds = Math.max(peakFds, fds());
  });
  pending.add(p);
  p.finally(() => pending.delete(p));
}
await Promise.all(pending);
const elapsedS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
await new Promise((r) => setTimeout(r, 200));
const afterwards = { fds: fds(), handles: handles(), rss: rssMb() };
peers.stdin!.write('count\n');
const peerOpen = JSON.parse(await nextLine()) as Record<string, number>;
peers.stdin!.end();

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0);
};
let total = 0;
console.log(
  `\n${perMinute} checks/min for ${durationS} s (load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')})\n`,
);
console.log('kind                    up    down  p50 ms  p99 ms  errors');
for (const [kind, s] of [...stats].sort()) {
  total += s.up + s.down;
  const errors = [...s.errors].map(([e, n]) => `${n}× ${e}`).join('; ');
  console.log(
    `${kind.padEnd(22)}${String(s.up).padStart(5)}${String(s.down).padStart(8)}${String(pct(s.ms, 50)).padStart(8)}${String(pct(s.ms, 99)).padStart(8)}  ${errors}`,
  );
}
console.log(
  `\nchecks: ${total} started over ${durationS} s (${Math.round((total / durationS) * 60)}/min), all done after ${elapsedS.toFixed(1)} s; peak in flight ${peakInFlight}`,
);
console.log(`CPU: ${Math.round(((cpu.user + cpu.system) / 1000 / (elapsedS * 1000)) * 100)} % of one core`);
console.log(`open file descriptors: ${before.fds} before, ${peakFds} peak, ${afterwards.fds} after`);
console.log(`RSS MB: ${before.rss} before, ${afterwards.rss} after`);
console.log(`active handles before: ${JSON.stringify(before.handles)}`);
console.log(`active handles after:  ${JSON.stringify(afterwards.handles)}`);
console.log(`connections the peers still see open: ${JSON.stringify(peerOpen)}`);
