// The monitors of the leak benchmark: per service type, 20 that should be up and 5 that should be
// down: failing after a full conversation (wrong value, wrong password, NOT_SERVING), refused at
// connect, or timing out on a peer that never answers, since leaks hide in failure paths (above
// all in a connection cut at the deadline) as often as in the happy one.
import type { MonitorType } from '../../services/monitor/src/engine/checks/index.js';
import { BENCH_PASSWORD, BENCH_USER } from './server-counts.js';

export const SERVICE_TYPES = [
  'postgres',
  'mysql',
  'redis',
  'smtp',
  'websocket',
  'grpc',
  'mqtt',
  'amqp',
] as const satisfies readonly MonitorType[];
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const UP_PER_TYPE = 20;
export const DOWN_PER_TYPE = 5;

export interface PeerPorts {
  smtp: number;
  websocket: number;
  grpc: number;
  /** A loopback port nothing listens on. */
  closed: number;
  /** A loopback port that accepts and never answers. */
  hole: number;
}

type Body = Record<string, unknown>;
const login = `${BENCH_USER}:${BENCH_PASSWORD}`;

/** The body that is up, and the one that fails after talking (null: the type has none, refused is used). */
function variants(
  type: ServiceType,
  i: number,
  p: PeerPorts,
): { up: Body; wrong: Body | null; scheme: string } {
  switch (type) {
    case 'postgres':
      return {
        scheme: 'postgres',
        up: { url: `postgres://${login}@127.0.0.1:5432/test`, query: 'SELECT 1', expected_value: '1' },
        wrong: { url: `postgres://${login}@127.0.0.1:5432/test`, query: 'SELECT 1', expected_value: '2' },
      };
    case 'mysql':
      return {
        scheme: 'mysql',
        up: { url: `mysql://${login}@127.0.0.1:3306/`, query: 'SELECT 1', expected_value: '1' },
        wrong: { url: `mysql://${BENCH_USER}:wrong-password@127.0.0.1:3306/` },
      };
    case 'redis':
      return {
        scheme: 'redis',
        up: { url: `redis://${login}@127.0.0.1:6379` },
        wrong: { url: `redis://${BENCH_USER}:wrong-password@127.0.0.1:6379` },
      };
    case 'smtp':
      return {
        scheme: 'smtp',
        up: { url: `smtp://127.0.0.1:${p.smtp}`, starttls: true, ignore_tls_errors: true },
        wrong: null,
      };
    case 'websocket':
      return {
        scheme: 'ws',
        up: { url: `ws://127.0.0.1:${p.websocket}/echo`, message: `ping ${i}`, expected_value: `ping ${i}` },
        wrong: { url: `ws://127.0.0.1:${p.websocket}/echo`, message: `ping ${i}`, expected_value: 'pong' },
      };
    case 'grpc':
      return {
        scheme: 'grpc',
        up: { url: `grpc://127.0.0.1:${p.grpc}` },
        wrong: { url: `grpc://127.0.0.1:${p.grpc}`, service_name: 'sick' },
      };
    case 'mqtt':
      return { scheme: 'mqtt', up: { url: 'mqtt://127.0.0.1:1883', topic: `bench/leaks/${i}` }, wrong: null };
    case 'amqp':
      return {
        scheme: 'amqp',
        up: { url: 'amqp://guest:guest@127.0.0.1:5672', topic: `bench-leaks-${process.pid}-${i}` },
        wrong: { url: 'amqp://guest:wrong-password@127.0.0.1:5672' },
      };
  }
}

/** The create bodies for one type: UP_PER_TYPE up, then DOWN_PER_TYPE down. */
export function monitorBodies(type: ServiceType, p: PeerPorts, intervalSeconds: number): Body[] {
  const common = {
    monitor_type: type,
    check_interval_seconds: intervalSeconds,
    timeout_seconds: Math.min(10, intervalSeconds),
    retry_count: 0,
  };
  const out: Body[] = [];
  for (let i = 0; i < UP_PER_TYPE + DOWN_PER_TYPE; i++) {
    const v = variants(type, i, p);
    const down = i >= UP_PER_TYPE;
    const refused = { url: `${v.scheme}://127.0.0.1:${p.closed}` };
    const silent = { url: `${v.scheme}://127.0.0.1:${p.hole}`, timeout_seconds: 2 };
    const kind = (i - UP_PER_TYPE) % 3;
    const body = !down ? v.up : kind === 0 ? (v.wrong ?? silent) : kind === 1 ? refused : silent;
    out.push({ ...common, name: `${type} ${down ? 'down' : 'up'} ${i}`, ...body });
  }
  return out;
}
