import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import SqliteDatabase from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import type { LocationView } from '../../src/shared-types/location-shapes.js';
import { shot, signIn } from './browser.js';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { apiCall } from './service.js';

interface Monitor {
  id: number;
  name: string;
  last_checked_at: string | null;
  location_ids: string[];
  quorum: number | null;
}

/** Polls `fn` until it holds, failing with `what` after `ms`. */
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const row = (page: Page, name: string) =>
  page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name, exact: true }) });
const shownNames = async (page: Page) =>
  (await page.locator('.mrow[data-monitor-id] .mrow-name > a').allTextContents()).sort();
const locationRow = (page: Page, id: string) => page.locator(`tr[data-location-id="${id}"]`);
/** A table row's cells, trimmed. */
const cells = async (l: Locator) => (await l.locator('td').allTextContents()).map((t) => t.trim());

// The light theme's colours (styles.css): up, down, and the grey of a verdict that is not counted.
const GREEN = 'rgb(26, 127, 55)';
const RED = 'rgb(198, 40, 40)';
const GREY = 'rgb(107, 114, 128)';

describe('dashboard: locations page, tokens shown once, locations and quorum in the form, per-location dots, location filters', {
  skip: needChromium(),
}, () => {
  let s: DashboardSession;
  let page: Page;
  const ids: Record<string, number> = {};
  const tokens: string[] = [];
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(s.svc.base, s.token, method, path, body);
  /** The service's own database file, for per-location state no probe is here to produce. */
  const withDb = (fn: (db: SqliteDatabase.Database) => void) => {
    const db = new SqliteDatabase(join(s.svc.dataDir, 'monitor.db'));
    try {
      db.pragma('busy_timeout = 5000');
      fn(db);
    } finally {
      db.close();
    }
  };
  /** A probe's heartbeat, its clock `aheadMs` ahead of ours. */
  const heartbeat = (token: string, aheadMs = 0) =>
    fetch(`${s.svc.base}/api/probe/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '9.9.9-test', sent_at: Date.now() + aheadMs, spooled: 0, dropped: 0 }),
    });

  before(async () => {
    s = await startDashboardSession();
    page = s.page;
    const solo = await call<Monitor>('POST', '/api/monitors', {
      name: 'solo',
      url: `${s.target.origin}/solo`,
      check_interval_seconds: 3600,
    });
    ids.solo = solo.id;
  });
  after(async () => {
    await s?.close();
  });

  test('the Locations page lists local, online, from the navigation', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('heading', { name: 'Locations' }).waitFor();
    const local = locationRow(page, 'local');
    await local.waitFor();
    assert.equal(await local.getAttribute('data-status'), 'online');
    assert.deepEqual((await cells(local)).slice(0, 3), ['Local local', 'online', 'this instance']);
    // Built in: no token to rotate, nothing to delete.
    assert.equal(await local.getByRole('button', { name: 'Rotate token' }).count(), 0);
    assert.equal(await local.getByRole('button', { name: 'Delete' }).count(), 0);
  });

  test('create shows the probe token once with the command to start a probe; the table gains the row', async () => {
    const form = page.getByRole('form', { name: 'New location' });
    await form.getByLabel('Name').fill('Europe');
    await form.getByLabel('Id (optional)').fill('eu');
    await form.getByLabel('Region (optional)').fill('eu-west-1');
    // Long enough that it never goes offline while this file runs.
    await form.getByLabel('Heartbeat (seconds)').fill('3600');
    await form.getByRole('button', { name: 'Create location' }).click();
    const token = (await page.getByTestId('probe-token').textContent()) ?? '';
    assert.match(token, /^mon_probe_[A-Za-z0-9_-]{43}$/);
    tokens.push(token);
    assert.equal(
      await page.getByTestId('probe-command').textContent(),
      `PROBE_SERVER_URL=${s.svc.base} PROBE_TOKEN=${token} npm run start:probe`,
    );
    const eu = locationRow(page, 'eu');
    await eu.waitFor();
    const [name, status, , , , every, count] = await cells(eu);
    assert.deepEqual([name, status, every, count], ['Europe eueu-west-1', 'offline', 'every 1 h', '0']);
    // The API never gives it again, and once dismissed the page does not have it either.
    await shot(page, 'locations-token-once');
    const view = await call<Record<string, unknown>>('GET', '/api/locations/eu');
    assert.equal(view.token, undefined);
    assert.equal(JSON.stringify(view).includes(token), false);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    assert.equal((await page.content()).includes(token), false);
    await page.reload();
    await locationRow(page, 'eu').waitFor();
    assert.equal((await page.content()).includes(token), false);
  });

  test('rotate asks first, shows a new token; the probe reporting with it turns the row online, live', async () => {
    const eu = locationRow(page, 'eu');
    await eu.getByRole('button', { name: 'Rotate token' }).click();
    await eu.getByText('New token for Europe? The probe’s current token stops working at once.').waitFor();
    await eu.getByRole('button', { name: 'Yes, rotate token' }).click();
    await page.getByRole('heading', { name: 'New token for “Europe”' }).waitFor();
    const token = (await page.getByTestId('probe-token').textContent()) ?? '';
    assert.match(token, /^mon_probe_/);
    assert.notEqual(token, tokens[0]);
    tokens.push(token);
    assert.equal((await heartbeat(tokens[0]!)).status, 401, 'the old token stopped working');
    assert.equal(await eu.getAttribute('data-status'), 'offline');
    const res = await heartbeat(token, 5_000);
    assert.equal(res.status, 200, await res.text());
    // No reload: the stream's location.online event updates the row.
    await until('eu online', async () => (await eu.getAttribute('data-status')) === 'online');
    await shot(page, 'locations-page');
    const [, , , version, skew] = await cells(eu);
    assert.equal(version, '9.9.9-test');
    // A clock 5 s ahead (less the request's own time) is highlighted.
    assert.match(skew!, /^\+(4[89]\d\d|5000) ms$/);
    assert.match((await eu.locator('td.skew-warn').textContent()) ?? '', /^\+/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
  });

  test('a taken id is refused at its field; edit and delete a location', async () => {
    const create = page.getByRole('form', { name: 'New location' });
    await create.getByLabel('Name').fill('Europe again');
    await create.getByLabel('Id (optional)').fill('eu');
    await create.getByRole('button', { name: 'Create location' }).click();
    await create
      .getByRole('alert')
      .filter({ hasText: 'A location with the id "eu" already exists.' })
      .waitFor();
    assert.equal(await create.getByLabel('Id (optional)').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByTestId('probe-token').count(), 0);
    await call('POST', '/api/locations', { name: 'Mars', id: 'mars' });
    await page.reload();
    const mars = locationRow(page, 'mars');
    await mars.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit location Mars' });
    await form.getByLabel('Region (optional)').fill('olympus');
    await form.getByRole('button', { name: 'Save' }).click();
    await until('region shown', async () => ((await mars.textContent()) ?? '').includes('olympus'));
    assert.equal((await call<LocationView>('GET', '/api/locations/mars')).region, 'olympus');
    await mars.getByRole('button', { name: 'Delete' }).click();
    await mars.getByRole('button', { name: 'Yes, delete' }).click();
    await until('mars gone', async () => (await mars.count()) === 0);
    const list = await call<LocationView[]>('GET', '/api/locations');
    assert.deepEqual(
      list.map((l) => l.id),
      ['local', 'eu'],
    );
  });

  test('a viewer sees the locations, with nothing to manage', async () => {
    await call('POST', '/api/users', { username: 'vic', password: 'viewer-password-1', role: 'viewer' });
    const { page: viewer, context } = await s.chrome.open(s.svc.base);
    try {
      await signIn(viewer, 'vic', 'viewer-password-1');
      await viewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
      await locationRow(viewer, 'eu').waitFor();
      assert.equal(await locationRow(viewer, 'local').getAttribute('data-status'), 'online');
      assert.equal(await viewer.getByRole('form', { name: 'New location' }).count(), 0);
      for (const action of ['Edit', 'Rotate token', 'Delete'])
        assert.equal(await viewer.getByRole('button', { name: action }).count(), 0, action);
    } finally {
      await context.close();
    }
  });

  test('the monitor form saves locations and quorum, with the 422 at the quorum field', async () => {
    await call('POST', '/api/locations', { name: 'Asia', id: 'asia' });
    await page.goto(`${s.svc.base}/monitors/new`);
    const form = page.getByRole('form', { name: 'New monitor' });
    await form.getByLabel('Name', { exact: true }).fill('multi');
    await form.getByLabel('URL').fill(`${s.target.origin}/multi`);
    await form.getByLabel('Check interval (seconds)').fill('3600');
    const places = form.getByRole('group', { name: 'Locations' });
    assert.equal(await places.getByLabel('Local', { exact: true }).isChecked(), true, 'local by default');
    assert.equal(await places.getByLabel('Europe (eu)').isChecked(), false);
    await places.getByLabel('Europe (eu)').check();
    await places.getByLabel('Asia — offline').check();
    await places.getByLabel('Quorum').fill('5');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    const quorumError = places.locator('.field-error').getByRole('alert');
    await quorumError.waitFor();
    assert.equal(await quorumError.textContent(), 'must be between 1 and the number of locations (3)');
    assert.equal(await places.getByLabel('Quorum').getAttribute('aria-invalid'), 'true');
    await shot(page, 'monitor-form-locations');
    await places.getByLabel('Quorum').fill('2');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'multi' }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    ids.multi = id;
    const saved = await call<Monitor>('GET', `/api/monitors/${id}`);
    assert.deepEqual([...saved.location_ids].sort(), ['asia', 'eu', 'local']);
    assert.equal(saved.quorum, 2);
    // Editing shows what was saved; a heartbeat monitor offers Local only.
    await page.goto(`${s.svc.base}/monitors/${id}/edit`);
    const edit = page.getByRole('form', { name: 'Edit monitor' }).getByRole('group', { name: 'Locations' });
    assert.equal(await edit.getByLabel('Europe (eu)').isChecked(), true);
    assert.equal(await edit.getByLabel('Quorum').inputValue(), '2');
    await page.getByRole('form', { name: 'Edit monitor' }).getByLabel('Type').selectOption('heartbeat');
    assert.equal(await edit.getByRole('checkbox').count(), 1);
    assert.equal(await edit.getByLabel('Local', { exact: true }).isDisabled(), true);
  });

  test('per-location dots with their colours and words; local-only rows keep none; the offline banner', async () => {
    await until('first checks', async () => {
      const [a, b] = await Promise.all([
        call<Monitor>('GET', `/api/monitors/${ids.multi}`),
        call<Monitor>('GET', `/api/monitors/${ids.solo}`),
      ]);
      return a.last_checked_at !== null && b.last_checked_at !== null;
    });
    // What the probes would have reported: Europe down with an error; Asia never reported (offline).
    const now = Date.now();
    withDb((db) => {
      const put = db.prepare(
        `insert into monitor_locations (monitor_id, location_id, status, last_checked_at, last_response_time_ms, last_error)
         values (?, ?, ?, ?, ?, ?)
         on conflict (monitor_id, location_id) do update set status = excluded.status,
           last_checked_at = excluded.last_checked_at, last_response_time_ms = excluded.last_response_time_ms,
           last_error = excluded.last_error`,
      );
      put.run(ids.multi, 'local', 'up', now, 12, null);
      put.run(ids.multi, 'eu', 'down', now, null, 'timeout after 5000 ms');
      const result = db.prepare(
        'insert into check_results (monitor_id, checked_at, status, response_time_ms, status_code, error, location_id) values (?, ?, ?, ?, ?, ?, ?)',
      );
      result.run(ids.multi, now - 1000, 0, null, null, 'timeout after 5000 ms', 'eu');
    });
    await page.goto(s.svc.base);
    const dots = row(page, 'multi').locator('.loc-dot');
    await until('three dots', async () => (await dots.count()) === 3);
    const dot = (id: string) => row(page, 'multi').locator(`.loc-dot[data-location="${id}"]`);
    type Styles = { getComputedStyle(el: unknown): { backgroundColor: string } };
    const colour = (id: string) =>
      dot(id).evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor);
    await until('eu down', async () => (await dot('eu').getAttribute('data-verdict')) === 'down');
    assert.equal(await colour('local'), GREEN);
    assert.equal(await colour('eu'), RED);
    assert.equal(await colour('asia'), GREY);
    assert.equal(await dot('eu').getAttribute('title'), 'Europe: down — timeout after 5000 ms');
    assert.equal(await dot('local').getAttribute('title'), 'Local: up — 12 ms');
    assert.match((await dot('asia').getAttribute('title')) ?? '', /^Asia: \w+ \(offline, not counted\)/);
    assert.equal(await row(page, 'solo').locator('.loc-dots').count(), 0, 'local-only rows unchanged');
    await shot(page, 'dashboard-location-dots');
    const banner = page.getByRole('status').filter({ hasText: 'location offline' });
    assert.match((await banner.textContent()) ?? '', /^1 location offline: Asia/);
    await banner.getByRole('link', { name: '1 location offline: Asia' }).click();
    await page.getByRole('heading', { name: 'Locations' }).waitFor();
  });

  test('the dashboard location filter narrows the list and survives a reload', async () => {
    await page.goto(s.svc.base);
    await row(page, 'solo').waitFor();
    assert.deepEqual(await shownNames(page), ['multi', 'solo']);
    await page.getByLabel('Location', { exact: true }).selectOption('eu');
    await until('only multi', async () => (await shownNames(page)).join() === 'multi');
    assert.match(page.url(), /\?location=eu$/);
    await page.reload();
    await row(page, 'multi').waitFor();
    assert.deepEqual(await shownNames(page), ['multi']);
    assert.equal(await page.getByLabel('Location', { exact: true }).inputValue(), 'eu');
    await page.getByLabel('Location', { exact: true }).selectOption('local');
    await until('both', async () => (await shownNames(page)).join() === 'multi,solo');
  });

  test('the detail page: state per location, and checks with their location, filtered by ?location=', async () => {
    await page.goto(`${s.svc.base}/monitors/${ids.multi}`);
    const states = page.getByRole('table', { name: 'State per location' });
    const stateRow = (id: string) => states.locator(`tr[data-location="${id}"]`);
    await stateRow('eu').waitFor();
    // The row shows the id until the shared location list (names) has loaded.
    await until('location names', async () => (await cells(stateRow('eu')))[0] === 'Europe');
    const eu = await cells(stateRow('eu'));
    assert.deepEqual(
      [eu[0], eu[1], eu[2], eu[4], eu[5]],
      ['Europe', 'down', 'yes', '—', 'timeout after 5000 ms'],
    );
    const local = await cells(stateRow('local'));
    assert.deepEqual([local[0], local[1], local[2], local[4], local[5]], ['Local', 'up', 'yes', '12 ms', '']);
    const asia = await cells(stateRow('asia'));
    assert.deepEqual([asia[0], asia[2]], ['Asia', 'no (offline)']);
    assert.match(
      (await page.getByTestId('quorum-text').textContent()) ?? '',
      /^Down when 2 of its 3 locations/,
    );
    await shot(page, 'monitor-locations');
    const checks = page.getByRole('table', { name: 'Recent checks' });
    await until('both locations listed', async () => {
      const cells = await checks
        .locator('td[data-location]')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-location')));
      return cells.includes('eu') && cells.includes('local');
    });
    await page.getByLabel('Checks from location').selectOption('eu');
    assert.match(page.url(), /\?location=eu$/);
    await until('eu only', async () => {
      const cells = await checks.locator('td[data-location]').allTextContents();
      return cells.length === 1 && cells[0] === 'Europe';
    });
    await page.reload();
    await until('still eu only after a reload', async () => {
      const cells = await checks.locator('td[data-location]').allTextContents();
      return cells.length === 1 && cells[0] === 'Europe';
    });
    assert.equal(await page.getByLabel('Checks from location').inputValue(), 'eu');
    // Check now runs this instance's check: a monitor checked from probes only offers none.
    const far = await call<Monitor>('POST', '/api/monitors', {
      name: 'far',
      url: `${s.target.origin}/far`,
      check_interval_seconds: 3600,
      location_ids: ['eu'],
    });
    await page.goto(`${s.svc.base}/monitors/${far.id}`);
    await page.getByRole('heading', { name: 'far' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Check now' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Pause' }).isDisabled(), false);
    await call('DELETE', `/api/monitors/${far.id}`);
  });
  test('live: a result with per-location states recolours the dots and the state table, no reload', async () => {
    const m = await call<Monitor>('POST', '/api/monitors', {
      name: 'live',
      url: `${s.target.origin}/live`,
      check_interval_seconds: 3600,
      retry_count: 0,
      location_ids: ['local', 'eu'],
    });
    await page.goto(s.svc.base);
    const dot = row(page, 'live').locator('.loc-dot[data-location="local"]');
    await until('local up', async () => (await dot.getAttribute('data-verdict')) === 'up');
    s.target.status = 500;
    try {
      await call('POST', `/api/monitors/${m.id}/check-now`);
      await until('local down, live', async () => (await dot.getAttribute('data-verdict')) === 'down');
      assert.match((await dot.getAttribute('title')) ?? '', /^Local: down — /);
      await row(page, 'live').getByRole('link', { name: 'live', exact: true }).click();
      const local = page
        .getByRole('table', { name: 'State per location' })
        .locator('tr[data-location="local"]');
      await local.waitFor();
      assert.equal((await cells(local))[1], 'down');
      s.target.status = 200;
      await call('POST', `/api/monitors/${m.id}/check-now`);
      await until('local up again, live', async () => (await cells(local))[1] === 'up');
    } finally {
      s.target.status = 200;
    }
  });
});
