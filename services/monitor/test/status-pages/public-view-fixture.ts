import assert from 'node:assert/strict';
import type { testDatabases } from '@app/kit/testing';
import { DAY_MS, HOUR_MS, rollUp } from '../../src/engine/rollups/rollup-job.js';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';
import { incidentsRepo } from '../../src/store/repos/incidents-repo.js';
import { monitorsRepo } from '../../src/store/repos/monitors-repo.js';
import { roleTokens, startOn } from '../operations/ops-server.js';

// The page both public-view suites read: three monitors (one not on the page), results rolled up
// into days and hours, maintenance windows and incidents, all at a fixed "now".

// A fixed "now" (10:30 UTC) in the future, so the real clock's roll-up job never meets this data.
export const NOW = Date.UTC(2031, 4, 20, 10, 30);
export const TODAY = Math.floor(NOW / DAY_MS) * DAY_MS;
export const isoAt = (ms: number) => new Date(ms).toISOString();

/** A stored check result of `monitor_id` at `at`, as the engine writes one. */
export const raw = (monitor_id: number, at: number, up: boolean) => ({
  monitor_id,
  checked_at: at,
  status: up ? 1 : 0,
  response_time_ms: up ? 20 : null,
  status_code: up ? 200 : null,
  error: up ? null : 'connect ECONNREFUSED 10.77.0.5:5432',
  tls_days_left: null,
});

type Target = Awaited<ReturnType<typeof testDatabases>>[number];

/** A service on `target` with the page `acme` (30 days, public) and its data. */
export async function acmeFixture(target: Target) {
  const db = await target.create();
  const s = await startOn(db);
  const { admin } = await roleTokens(s, await s.token());
  const create = async (payload: object) => {
    const res = await s.as(admin, { method: 'POST', url: '/api/monitors', payload });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().id as number;
  };
  const shop = await create({
    name: 'Shop',
    monitor_type: 'http_get',
    url: 'https://user:pw@shop.internal.example:8443/health?key=abc',
    headers: { 'X-Probe': 'probe-header-value' },
  });
  const api = await create({ name: 'API', monitor_type: 'tcp', url: '10.77.0.5:5432' });
  const hidden = await create({
    name: 'hidden-billing',
    monitor_type: 'http_get',
    url: 'https://billing.internal.example/',
  });
  const page = await s.as(admin, {
    method: 'POST',
    url: '/api/status-pages',
    payload: {
      slug: 'acme',
      title: 'Acme',
      description: 'All systems',
      footer: 'Acme Inc.',
      uptime_days: 30,
      is_public: true,
      sections: [
        { name: 'Storefront', monitor_ids: [shop] },
        { name: 'Backend', monitor_ids: [api, shop] },
        { name: 'Empty', monitor_ids: [] },
      ],
    },
  });
  assert.equal(page.statusCode, 201, page.body);
  const pageId = page.json().id as number;

  const ctxDb = s.ctx.db;
  const rows = [];
  // Shop: 10 days ago 9 of 10 up; 2 days ago 4 of 4; today (3 hours ago) 15 of 20; 40 days
  // ago (outside the 30-day window) 0 of 4.
  for (let i = 0; i < 10; i++) rows.push(raw(shop, TODAY - 10 * DAY_MS + 3600_000 + i * 1000, i !== 0));
  for (let i = 0; i < 4; i++) rows.push(raw(shop, TODAY - 2 * DAY_MS + 7200_000 + i * 1000, true));
  for (let i = 0; i < 20; i++) rows.push(raw(shop, NOW - 3 * HOUR_MS + i * 1000, i >= 5));
  for (let i = 0; i < 4; i++) rows.push(raw(shop, TODAY - 40 * DAY_MS + i * 1000, false));
  // Shop, the hour in progress (not rolled up): 4 of 5 from 10:00 sharp, and one down a second
  // after NOW, which a view at NOW does not count.
  for (let i = 0; i < 5; i++) rows.push(raw(shop, TODAY + 10 * HOUR_MS + i * 60_000, i !== 4));
  rows.push(raw(shop, NOW + 1000, false));
  // API: a single day, all down. Hidden: plenty of data that must never show.
  for (let i = 0; i < 5; i++) rows.push(raw(api, TODAY - 1 * DAY_MS + i * 1000, false));
  for (let i = 0; i < 5; i++) rows.push(raw(hidden, TODAY - 1 * DAY_MS + i * 1000, true));
  await checkResultsRepo.insertMany(ctxDb, rows);
  // Days are rolled up until two days ago; the days since come from hourly buckets, up to 10:00.
  while ((await rollUp(ctxDb, 'hour', NOW)) > 0);
  while ((await rollUp(ctxDb, 'day', TODAY - DAY_MS)) > 0);
  // What the engine would have written.
  await monitorsRepo.update(ctxDb, shop, { current_status: 'up', consecutive_failures: 0 });
  await monitorsRepo.update(ctxDb, api, { current_status: 'down', consecutive_failures: 3 });
  await monitorsRepo.update(ctxDb, hidden, { current_status: 'down', consecutive_failures: 3 });

  // Maintenance: Shop five days ago; everything in two days (upcoming); the hidden monitor now.
  const window = async (name: string, from: number, to: number, monitor_ids: number[]) => {
    const res = await s.as(admin, {
      method: 'POST',
      url: '/api/maintenance',
      payload: { name, starts_at: isoAt(from), ends_at: isoAt(to), monitor_ids },
    });
    assert.equal(res.statusCode, 201, res.body);
  };
  await window('shop upgrade', TODAY - 5 * DAY_MS + 10 * HOUR_MS, TODAY - 5 * DAY_MS + 12 * HOUR_MS, [shop]);
  await window('network works', NOW + 2 * DAY_MS, NOW + 2 * DAY_MS + HOUR_MS, []);
  await window('billing migration', NOW - HOUR_MS, NOW + HOUR_MS, [hidden]);
  await window('next month', NOW + 20 * DAY_MS, NOW + 21 * DAY_MS, [api]);

  // Incidents: API open with two updates; Shop resolved two days ago with a postmortem; Shop
  // resolved ten days ago (too old); the hidden monitor open.
  const incident = (
    monitor_id: number,
    started_at: number,
    resolved_at: number | null,
    postmortem: string | null,
  ) =>
    incidentsRepo.insert(ctxDb, {
      monitor_id,
      status: resolved_at === null ? 'open' : 'resolved',
      started_at,
      resolved_at,
      root_cause: 'root cause text: connect ECONNREFUSED 10.77.0.5',
      reminders_sent: 0,
      postmortem,
    });
  const open = await incident(api, NOW - 2 * HOUR_MS, null, null);
  await ctxDb
    .insertInto('incident_updates')
    .values([
      {
        incident_id: open.id,
        status: 'investigating',
        message: 'Looking into it',
        author_id: null,
        author_name: 'ops',
        created_at: NOW - 90 * 60_000,
      },
      {
        incident_id: open.id,
        status: 'identified',
        message: 'Database failover',
        author_id: null,
        author_name: 'ops',
        created_at: NOW - 30 * 60_000,
      },
    ])
    .execute();
  await incident(shop, NOW - 2 * DAY_MS - HOUR_MS, NOW - 2 * DAY_MS, 'Disk filled up.');
  await incident(shop, NOW - 10 * DAY_MS - HOUR_MS, NOW - 10 * DAY_MS, null);
  await incident(hidden, NOW - HOUR_MS, null, null);
  return { db, s, admin, shop, api, hidden, pageId };
}
