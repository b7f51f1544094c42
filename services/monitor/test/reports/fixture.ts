// The hand-computed fixture of the SLA report tests (docs/reports.md has the formulas): one monitor
// checked every 5 minutes from two locations over March 2026 in Europe/Berlin, with a down stretch,
// a maintenance window, a degraded stretch, a location offline for a day and two incidents.
import type { TestDatabaseTarget } from '@app/kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer } from '../../src/server.js';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';

export const ADMIN = { username: 'report-admin', password: 'report-password-1' };
const MIN = 60_000;
/** March 2026 in Europe/Berlin: 2026-02-28T23:00Z to 2026-03-31T22:00Z (743 hours: DST on the 29th). */
export const BERLIN_FROM = Date.UTC(2026, 1, 28, 23);
export const BERLIN_TO = Date.UTC(2026, 2, 31, 22);
export const DOWN_FROM = Date.UTC(2026, 2, 10, 10);
export const MAINT_FROM = Date.UTC(2026, 2, 15, 2);
export const MAINT_TO = Date.UTC(2026, 2, 15, 4);
export const DEGRADED_FROM = Date.UTC(2026, 2, 20, 12);
export const EU_OFFLINE_FROM = Date.UTC(2026, 2, 5);
export const EU_OFFLINE_TO = Date.UTC(2026, 2, 6);

export interface ReportServer {
  server: RunningServer;
  token: string;
  monitorId: number;
  otherId: number;
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string | null,
  ): Promise<LightMyRequestResponse>;
  /** Every response time stored in [from, to) for the monitor, for the percentile checks. */
  latencies(from: number, to: number): number[];
  stop(): Promise<void>;
  close(): Promise<void>;
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Local checks: every 5 min; up at 100..190 ms, except the stretches above. */
function localCheck(t: number, k: number) {
  if (t >= DOWN_FROM && t < DOWN_FROM + 30 * MIN) return { status: 0, ms: null };
  if (t >= MAINT_FROM && t < MAINT_TO) return { status: 0, ms: null };
  if (t >= DEGRADED_FROM && t < DEGRADED_FROM + 60 * MIN) return { status: 1, ms: 900 };
  return { status: 1, ms: 100 + (k % 10) * 10 };
}

/** Starts a server (engine off: nothing writes results or rolls them up but the test) with the fixture. */
export async function startReportServer(
  target: TestDatabaseTarget,
  opts: { outbox?: boolean; env?: Record<string, string>; results?: boolean } = {},
): Promise<ReportServer> {
  const db = await target.create();
  const server = await createServer(
    readConfig({
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      ...opts.env,
    }),
    { startEngine: false, outbox: { start: opts.outbox ?? false } },
  );
  const app = server.app;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const token = login.json().access_token as string;
  const call: ReportServer['call'] = (method, url, body, tok = token) =>
    app.inject({
      method,
      url,
      ...(body !== undefined && { payload: body as object }),
      headers: tok ? { authorization: `Bearer ${tok}` } : {},
    });
  const created = await call('POST', '/api/monitors', {
    name: 'shop api',
    monitor_type: 'heartbeat',
    check_interval_seconds: 300,
    degraded_response_ms: 500,
    sla_target_percent: 99.95,
  });
  if (created.statusCode !== 201) throw new Error(`monitor: ${created.statusCode} ${created.body}`);
  const monitorId = created.json().id as number;
  const other = await call('POST', '/api/monitors', { name: 'blog', monitor_type: 'heartbeat' });
  const otherId = other.json().id as number;
  const d = server.ctx.db;
  // Created before the period, so the whole month is monitored.
  await d
    .updateTable('monitors')
    .set({ created_at: Date.UTC(2026, 0, 1) })
    .where('id', 'in', [monitorId, otherId])
    .execute();
  await d
    .insertInto('locations')
    .values({
      id: 'eu',
      name: 'Frankfurt',
      region: 'eu-central',
      is_local: 0,
      token_prefix: null,
      token_hash: null,
      status: 'online',
      last_seen_at: null,
      version: null,
      skew_ms: null,
      heartbeat_seconds: 30,
      created_at: Date.UTC(2026, 0, 1),
      updated_at: Date.UTC(2026, 0, 1),
    })
    .execute();
  const rows: Parameters<typeof checkResultsRepo.insertMany>[1] = [];
  const row = (t: number, status: number, ms: number | null, location: string | null) => ({
    monitor_id: monitorId,
    checked_at: t,
    status,
    response_time_ms: ms,
    status_code: null,
    error: status ? null : 'no heartbeat',
    tls_days_left: null,
    location_id: location,
  });
  let k = 0;
  // Tests of links and schedules need the monitors, not the month of results.
  for (let t = BERLIN_FROM; opts.results !== false && t < BERLIN_TO; t += 5 * MIN, k++) {
    const c = localCheck(t, k);
    rows.push(row(t, c.status, c.ms, null));
    if (t < EU_OFFLINE_FROM || t >= EU_OFFLINE_TO) rows.push(row(t, 1, 50, 'eu'));
  }
  // Down checks just outside the Berlin month but inside March in UTC (and one before both).
  rows.push(row(BERLIN_FROM - 5 * MIN, 0, null, null));
  rows.push(row(BERLIN_TO, 0, null, null));
  rows.push(row(BERLIN_TO + 5 * MIN, 0, null, null));
  // Plain chunked inserts: the repository's insertMany also reads back ids, which this does not need.
  await d.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 2000)
      await trx
        .insertInto('check_results')
        .values(rows.slice(i, i + 2000))
        .execute();
  });
  // The other monitor: 10 checks on 2 March, 9 up.
  await checkResultsRepo.insertMany(
    d,
    Array.from({ length: 10 }, (_, i) => ({
      ...row(Date.UTC(2026, 2, 2) + i * MIN, i === 0 ? 0 : 1, i === 0 ? null : 200, null),
      monitor_id: otherId,
    })),
  );
  const maint = await call('POST', '/api/maintenance', {
    name: 'database upgrade',
    starts_at: new Date(MAINT_FROM).toISOString(),
    ends_at: new Date(MAINT_TO).toISOString(),
    monitor_ids: [monitorId],
  });
  if (maint.statusCode !== 201) throw new Error(`maintenance: ${maint.statusCode} ${maint.body}`);
  const incident = (started: number, resolved: number | null, acked: number | null) => ({
    monitor_id: monitorId,
    status: (resolved ? 'resolved' : 'open') as 'resolved' | 'open',
    started_at: started,
    resolved_at: resolved,
    root_cause: null,
    acknowledged_by: acked ? 1 : null,
    acknowledged_by_name: acked ? ADMIN.username : null,
    acknowledged_at: acked,
    last_alert_at: null,
    reminders_sent: 0,
    postmortem: null,
    resolved_by: null,
    resolved_by_name: null,
  });
  await d
    .insertInto('incidents')
    .values([
      // Acknowledged after 7 minutes, resolved after 30.
      incident(DOWN_FROM, DOWN_FROM + 30 * MIN, DOWN_FROM + 7 * MIN),
      // Never acknowledged, resolved after 15 minutes.
      incident(Date.UTC(2026, 2, 25, 8), Date.UTC(2026, 2, 25, 8, 15), null),
      // 28 February 22:00 UTC: before the month in both zones.
      incident(Date.UTC(2026, 1, 28, 22), Date.UTC(2026, 1, 28, 22, 10), Date.UTC(2026, 1, 28, 22, 1)),
    ])
    .execute();
  const latencies = (from: number, to: number) =>
    rows
      .filter((r) => r.checked_at >= from && r.checked_at < to && r.response_time_ms !== null)
      .map((r) => r.response_time_ms!);
  return {
    server,
    token,
    monitorId,
    otherId,
    call,
    latencies,
    databaseUrl: db.databaseUrl,
    dataDir: db.dataDir,
    close: () => server.close(),
    async stop() {
      await server.close();
      await db.cleanup();
    },
  };
}

/** Nearest-rank percentile, the definition docs/reports.md gives. */
export function nearestRank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}
