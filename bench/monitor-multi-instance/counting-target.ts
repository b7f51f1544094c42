import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The loopback target: `/m/<n>` answers 200 and records when monitor n was checked. Times go in
 * one growing array per monitor (30,000 monitors × a few dozen checks each is small).
 */
export interface Target {
  port: number;
  hits: number[][];
  total(): number;
  close(): Promise<void>;
}

export async function startTarget(monitors: number): Promise<Target> {
  const hits: number[][] = Array.from({ length: monitors }, () => []);
  let total = 0;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/m/')) {
      const n = Number(url.slice(3));
      if (n >= 0 && n < monitors) {
        hits[n]!.push(Date.now());
        total++;
      }
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    res.end('ok');
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    total: () => total,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** p-th percentile (0–100) of `values`, or null when empty. */
export function pct(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/**
 * How evenly monitors were checked in [from, to): per monitor the spacing of consecutive checks
 * (the first one counted from the last check before `from`), its error against the interval, and
 * how many spacings were under half an interval (a monitor checked twice in one interval) or over
 * one and a half (an interval without a check).
 */
export function spacing(
  hits: number[][],
  indexes: Iterable<number>,
  from: number,
  to: number,
  intervalMs: number,
) {
  const errors: number[] = [];
  let twice = 0;
  let missed = 0;
  let checks = 0;
  for (const i of indexes) {
    const times = hits[i]!;
    let prev: number | undefined;
    for (const t of times) {
      if (t >= to) break;
      if (t < from) {
        prev = t;
        continue;
      }
      checks++;
      if (prev !== undefined) {
        const d = t - prev;
        errors.push(Math.abs(d - intervalMs));
        if (d < intervalMs / 2) twice++;
        if (d > intervalMs * 1.5) missed++;
      }
      prev = t;
    }
  }
  return {
    checks,
    spacing_error_p50_ms: pct(errors, 50),
    spacing_error_p99_ms: pct(errors, 99),
    spacing_error_max_ms: pct(errors, 100),
    twice_in_one_interval: twice,
    interval_without_check: missed,
  };
}
