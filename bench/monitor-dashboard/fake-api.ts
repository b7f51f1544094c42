import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveStatic } from '../../services/monitor/src/platform/web/static-files.js';

/** What the synthetic service streams and serves. */
export interface FeedOptions {
  monitors: number;
  eventsPerSecond: number;
  distDir: string;
  /** Groups to spread the monitors over (0: none, the list is flat); each monitor also carries a tag. */
  groups?: number;
}

export interface FakeApi {
  base: string;
  /** Events written to SSE clients so far. */
  sent(): number;
  close(): Promise<void>;
}

const TYPES = ['http_get', 'http_get', 'http_get', 'tcp', 'dns', 'tls', 'ping', 'heartbeat'] as const;

/** Groups 1..n: the first ten at the top level, the rest below them. */
function groups(n: number, now: string) {
  const parent = (g: number) => (g > 10 ? 1 + (g % 10) : null);
  return Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    const p = parent(id);
    return {
      id,
      name: `group-${id}`,
      parent_id: p,
      path: p === null ? [`group-${id}`] : [`group-${p}`, `group-${id}`],
      sort_order: 0,
      member_count: 0,
      monitor_count: 0,
      status: null,
      created_at: now,
      updated_at: now,
    };
  });
}

function monitor(id: number, now: string, groupCount = 0) {
  const type = TYPES[id % TYPES.length]!;
  return {
    id,
    group_id: groupCount ? 1 + (id % groupCount) : null,
    tags: groupCount
      ? [{ tag_id: 1, name: 'env', color: '#22aa44', value: id % 3 === 0 ? 'prod' : 'staging' }]
      : [],
    name: `service-${String(id).padStart(4, '0')}`,
    monitor_type: type,
    url: type === 'heartbeat' ? null : `https://svc-${id}.internal.example/health`,
    check_interval_seconds: 60,
    timeout_seconds: 10,
    retry_count: 3,
    retry_interval_seconds: 20,
    expected_status_codes: '2xx',
    headers: null,
    body: null,
    auth: null,
    max_redirects: 10,
    ignore_tls_errors: false,
    keyword: null,
    json_path: null,
    json_expected: null,
    dns_record_type: 'A',
    dns_expected: null,
    dns_resolver: null,
    tls_warn_days: 14,
    heartbeat_grace_seconds: 60,
    current_status: id % 50 === 0 ? 'down' : id % 97 === 0 ? 'paused' : 'up',
    last_checked_at: now,
    last_response_time_ms: 20 + (id % 180),
    last_status_code: 200,
    consecutive_failures: 0,
    heartbeat_token: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * A stand-in for the monitor service that speaks its public API shapes: it serves the built dashboard,
 * signs anyone in, lists `monitors` monitors, and streams `eventsPerSecond` check results on
 * /api/sse/dashboard. It isolates the browser's cost from the checking engine's on a shared machine.
 */
export async function startFakeApi(opts: FeedOptions): Promise<FakeApi> {
  const now = new Date().toISOString();
  const list = JSON.stringify(
    Array.from({ length: opts.monitors }, (_, i) => monitor(i + 1, now, opts.groups)),
  );
  const groupList = JSON.stringify(groups(opts.groups ?? 0, now));
  const tagList = JSON.stringify(
    opts.groups
      ? [{ id: 1, name: 'env', color: '#22aa44', monitor_count: opts.monitors, created_at: now }]
      : [],
  );
  const streams = new Set<ServerResponse>();
  let sent = 0;
  let resultId = 1;
  let eventId = Date.now() * 1000;

  const json = (res: ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);

  const history = (monitorId: number) => {
    const out = [];
    const t = Date.now();
    for (let i = 0; i < 60; i++) {
      out.push({
        id: monitorId * 1000 + i,
        monitor_id: monitorId,
        checked_at: new Date(t - i * 60_000).toISOString(),
        status: (monitorId + i) % 40 === 0 ? 'down' : 'up',
        response_time_ms: 20 + ((monitorId * 7 + i * 13) % 200),
        status_code: 200,
        error: null,
        tls_days_left: null,
      });
    }
    return JSON.stringify(out);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    if (p === '/api/auth/login' || p === '/api/auth/refresh') {
      return json(
        res,
        200,
        JSON.stringify({ access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 }),
      );
    }
    if (p === '/api/auth/me') {
      return json(
        res,
        200,
        JSON.stringify({
          id: 1,
          username: 'bench',
          email: null,
          role: 'superadmin',
          must_change_password: false,
          auth_method: 'jwt',
        }),
      );
    }
    if (p === '/api/monitors') return json(res, 200, list);
    if (p === '/api/groups') return json(res, 200, groupList);
    if (p === '/api/tags') return json(res, 200, tagList);
    const uptime = p.match(/^\/api\/monitors\/(\d+)\/uptime$/);
    if (uptime) {
      const w = {
        checks: 1440,
        up_checks: 1430,
        uptime_percent: 99.31,
        avg_response_time_ms: 80,
        p95_response_time_ms: 190,
      };
      return json(
        res,
        200,
        JSON.stringify({ monitor_id: Number(uptime[1]), '24h': w, '7d': w, '30d': w, '365d': w }),
      );
    }
    if (p === '/api/check-results')
      return json(res, 200, history(Number(url.searchParams.get('monitor_id'))));
    // The dashboard asks for a single-use stream ticket before every (re)connect.
    if (p === '/api/sse/tickets') return json(res, 200, JSON.stringify({ ticket: 't', expires_in: 30 }));
    if (p === '/api/sse/dashboard') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (p.startsWith('/api/')) return json(res, 200, '[]');
    const file =
      resolveStatic(opts.distDir, p === '/' ? '/index.html' : p) ??
      resolveStatic(opts.distDir, '/index.html');
    if (!file) return json(res, 503, '{"detail":"build the dashboard first"}');
    res.writeHead(200, { 'content-type': file.contentType });
    createReadStream(file.path).pipe(res);
  };

  // Events go out every 20 ms in equal slices, as a busy engine's result writer would publish them.
  // The number due is computed from the clock, so timer drift does not lower the rate.
  const tickMs = 20;
  let started = 0;
  let due = 0;
  const timer = setInterval(() => {
    if (streams.size === 0) return;
    started ||= Date.now();
    const n = Math.floor(((Date.now() - started) * opts.eventsPerSecond) / 1000) - due;
    due += n;
    let chunk = '';
    const at = new Date().toISOString();
    for (let i = 0; i < n; i++) {
      const monitorId = 1 + Math.floor(Math.random() * opts.monitors);
      const down = Math.random() < 0.02;
      const data = {
        monitor_id: monitorId,
        result_id: resultId++,
        status: down ? 'down' : 'up',
        prev_status: 'up',
        response_time_ms: 15 + Math.floor(Math.random() * 250),
        status_code: down ? 503 : 200,
        checked_at: at,
      };
      chunk += `id: ${eventId++}\nevent: monitor.check_result\ndata: ${JSON.stringify(data)}\n\n`;
      if (down && Math.random() < 0.3) {
        const change = {
          monitor_id: monitorId,
          result_id: data.result_id,
          status: 'down',
          prev_status: 'up',
          changed_at: at,
        };
        chunk += `id: ${eventId++}\nevent: monitor.status_changed\ndata: ${JSON.stringify(change)}\n\n`;
      }
    }
    for (const s of streams) s.write(chunk);
    sent += n;
  }, tickMs);

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        for (const s of streams) s.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
