import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { basic, startAuthTarget } from '../secrets/auth-target.js';
import { type BrowserSession, shot, signIn } from './browser.js';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { ADMIN, apiCall, type RunningMonitor } from './service.js';
import type { FlipTarget } from './target.js';

interface Monitor {
  id: number;
  name: string;
  current_status: string;
}

/** Waits until `fn` returns true (polling), failing with `what` after `ms`. */
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const row = (page: Page, name: string) =>
  page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name, exact: true }) });

describe('dashboard: monitors live, detail, actions, incidents, import/export', {
  skip: needChromium(),
}, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let target: FlipTarget;
  let token: string;
  let page: Page;

  let session: DashboardSession;

  before(async () => {
    session = await startDashboardSession();
    ({ svc, target, chrome, token, page } = session);
  });
  after(async () => {
    await session?.close();
  });

  test('create an HTTP monitor in the form (422 shown at its field), watch it come up live, then go down', async () => {
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await page.getByRole('link', { name: 'New monitor' }).click();
    const form = page.getByRole('form', { name: 'New monitor' });
    // Only the fields of the chosen type are shown.
    await form.getByLabel('Type', { exact: true }).selectOption('dns');
    assert.equal(await form.getByLabel('Record type').count(), 1);
    assert.equal(await form.getByLabel('Expected status codes').count(), 0);
    // Every type shows its own fields and none of the others'.
    const expect: Record<string, { shown: string[]; hidden: string[] }> = {
      tcp: {
        shown: ['Host and port'],
        hidden: ['Expected status codes', 'Record type', 'Grace period (seconds)'],
      },
      tls: { shown: ['Host[:port] or https URL', 'Warn days before expiry'], hidden: ['Request headers'] },
      ping: { shown: ['Host'], hidden: ['Maximum redirects', 'Warn days before expiry'] },
      heartbeat: { shown: ['Grace period (seconds)'], hidden: ['URL', 'Host', 'Timeout (seconds)'] },
      http_post: { shown: ['URL', 'Request body', 'Body must contain'], hidden: ['Record type'] },
      http_head: { shown: ['URL', 'Expected status codes'], hidden: ['Request body', 'Body must contain'] },
    };
    for (const [type, { shown, hidden }] of Object.entries(expect)) {
      await form.getByLabel('Type', { exact: true }).selectOption(type);
      for (const l of shown)
        assert.equal(await form.getByLabel(l, { exact: true }).count(), 1, `${type}: ${l}`);
      for (const l of hidden)
        assert.equal(await form.getByLabel(l, { exact: true }).count(), 0, `${type}: ${l}`);
    }
    await form.getByLabel('Type', { exact: true }).selectOption('http_get');
    assert.equal(await form.getByLabel('Record type').count(), 0);
    // Every problem at once, in words: the schema's (name, interval) and the rules' (URL).
    const errorOf = async (label: string) => {
      const field = form.getByLabel(label, { exact: true });
      if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
      const id = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').at(-1);
      return (await page.locator(`[id="${id}"]`).textContent())?.trim() ?? '';
    };
    await form.getByLabel('Name', { exact: true }).fill('');
    await form.getByLabel('URL').fill('not a url');
    await form.getByLabel('Check interval (seconds)').fill('0');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await until('the name field to be marked', async () => (await errorOf('Name')) !== null);
    assert.deepEqual(
      [await errorOf('Name'), await errorOf('URL'), await errorOf('Check interval (seconds)')],
      ['must not be empty', 'must be an absolute http:// or https:// URL', 'must be at least 1'],
    );
    await form.getByLabel('Name', { exact: true }).fill('Local web');
    await form.getByLabel('URL').fill(`${target.origin}/web`);
    await form.getByLabel('Check interval (seconds)').fill('1');
    await form.getByLabel('Timeout (seconds)').fill('5');
    await form.getByLabel('Retries before down').fill('0');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    // The API refuses a timeout above the interval; its message sits under the timeout field.
    const timeout = form.getByLabel('Timeout (seconds)');
    await until(
      'the timeout field to be marked',
      async () => (await timeout.getAttribute('aria-invalid')) === 'true',
    );
    const errId = ((await timeout.getAttribute('aria-describedby')) ?? '').split(' ').at(-1);
    assert.match((await page.locator(`[id="${errId}"]`).textContent()) ?? '', /interval|timeout/i);
    await shot(page, 'monitor-form');
    await timeout.fill('1');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Local web' }).waitFor();

    await nav(page, 'Dashboard').click();
    const web = row(page, 'Local web');
    await web.and(page.locator('[data-status="up"]')).waitFor({ timeout: 20_000 });
    await page.locator('[data-count="up"]', { hasText: '1' }).waitFor();
    await page.locator('[data-monitor-id] .cell-up').first().waitFor();
    await shot(page, 'dashboard');

    // The target breaks: the row turns down without a reload (the SSE stream carries it).
    const loads = await page.evaluate("performance.getEntriesByType('navigation').length");
    target.status = 500;
    await web.and(page.locator('[data-status="down"]')).waitFor({ timeout: 20_000 });
    await page.locator('[data-count="down"]', { hasText: '1' }).waitFor();
    assert.equal(await page.evaluate("performance.getEntriesByType('navigation').length"), loads);
    await page.locator('[data-monitor-id] .cell-down').first().waitFor();
    await shot(page, 'dashboard-down');
  });

  test('an incident opens for the failing monitor and is acknowledged', async (t) => {
    // The dashboard shows what the API has; whether the engine opens incidents is the engine's tests' business.
    let found = false;
    await until(
      'an incident in the API',
      async () => {
        const res = await fetch(`${svc.base}/api/incidents`, {
          headers: { authorization: `Bearer ${token}` },
        });
        found = res.ok && ((await res.json()) as unknown[]).length > 0;
        return found || res.status === 404;
      },
      20_000,
    ).catch(() => undefined);
    if (!found) {
      t.skip('no incident in the API yet (incidents not opened by this build of the engine)');
      return;
    }
    await nav(page, 'Incidents').click();
    await page.getByRole('heading', { name: 'Incidents' }).waitFor();
    const open = page.locator('tr[data-incident-status="open"]', { hasText: 'Local web' });
    await open.waitFor({ timeout: 20_000 });
    await shot(page, 'incidents');
    await open.getByRole('button', { name: 'Acknowledge' }).click();
    await page.locator('tr[data-incident-status="acknowledged"]', { hasText: 'Local web' }).waitFor();
  });

  test('check-now, pause and resume from the detail page', async () => {
    target.status = 200;
    const slow = await apiCall<Monitor>(svc.base, token, 'POST', '/api/monitors', {
      name: 'Hourly',
      url: `${target.origin}/hourly`,
      check_interval_seconds: 3600,
    });
    await until('the first check of Hourly', () => (target.hits.get('/hourly') ?? 0) >= 1);
    await nav(page, 'Dashboard').click();
    await row(page, 'Hourly').getByRole('link', { name: 'Hourly' }).click();
    await page.getByRole('heading', { name: 'Hourly' }).waitFor();
    const checks = page.getByRole('table', { name: 'Recent checks' }).locator('tbody tr');
    await until('one result listed', async () => (await checks.count()) === 1);
    const hits = target.hits.get('/hourly') ?? 0;
    await page.getByRole('button', { name: 'Check now' }).click();
    await until('the requested check', () => (target.hits.get('/hourly') ?? 0) > hits);
    await until('the new result on the page', async () => (await checks.count()) === 2);
    await page.getByTestId('uptime-24h').filter({ hasText: '100%' }).waitFor();
    await page.getByRole('radio', { name: '7 days' }).check();
    // Younger than a day: 7 days draws every check too (hourly buckets would be wider than the plot).
    await page.getByRole('slider', { name: 'Response time over the last 7 days' }).waitFor();
    await page.getByText('Every check.').waitFor();
    await page.getByRole('radio', { name: '24 hours' }).check();
    await page.getByText('Every check.').waitFor();
    await shot(page, 'detail');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.locator('.page-header [data-status="paused"]').waitFor();
    assert.equal(
      (await apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${slow.id}`)).current_status,
      'paused',
    );
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await until('the check that resuming runs', () => (target.hits.get('/hourly') ?? 0) > hits + 1);
    await page.locator('.page-header [data-status="up"]').waitFor({ timeout: 20_000 });

    // Edit: the form comes filled in, and the change shows on the page.
    await page.getByRole('link', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit monitor' });
    assert.equal(await form.getByLabel('URL').inputValue(), `${target.origin}/hourly`);
    await form.getByLabel('Check interval (seconds)').fill('7200');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('every 2 h').waitFor();
  });

  test('editing a monitor without retyping its masked credentials keeps them', async () => {
    const peer = await startAuthTarget({
      '/guarded': { authorization: basic('web-user', 'web-pass-1'), 'x-api-key': 'web-key-1' },
    });
    try {
      const m = await apiCall<Monitor>(svc.base, token, 'POST', '/api/monitors', {
        name: 'Guarded',
        url: `${peer.origin}/guarded`,
        check_interval_seconds: 3600,
        headers: { 'X-Api-Key': 'web-key-1' },
        auth: { type: 'basic', username: 'web-user', password: 'web-pass-1' },
      });
      const statusOf = async () =>
        (await apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${m.id}`)).current_status;
      await until('Guarded up', async () => (await statusOf()) === 'up');
      await nav(page, 'Dashboard').click();
      await row(page, 'Guarded').getByRole('link', { name: 'Guarded' }).click();
      await page.getByRole('heading', { name: 'Guarded' }).waitFor();
      await page.getByRole('link', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: 'Edit monitor' });
      assert.equal(await form.getByLabel('Auth password').inputValue(), '********');
      assert.equal(await form.getByLabel('Request headers').inputValue(), 'X-Api-Key: ********');
      await form.getByLabel('Check interval (seconds)').fill('7200');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Guarded' }).waitFor();
      await page.getByText('every 2 h').waitFor();
      const before = peer.seen.length;
      await page.getByRole('button', { name: 'Check now' }).click();
      await until('the check after the edit', () => peer.seen.length > before);
      const last = peer.seen.at(-1)!;
      assert.equal(last.headers.authorization, basic('web-user', 'web-pass-1'));
      assert.equal(last.headers['x-api-key'], 'web-key-1');
      await page.locator('.page-header [data-status="up"]').waitFor({ timeout: 20_000 });
      // The export test below counts the monitors the other tests made.
      await apiCall(svc.base, token, 'DELETE', `/api/monitors/${m.id}`);
    } finally {
      await peer.close();
    }
  });

  test('export, then re-import into the same instance, with per-entry errors for a bad file', async (t) => {
    if (
      (await fetch(`${svc.base}/api/export/monitors`, { headers: { authorization: `Bearer ${token}` } }))
        .status === 404
    ) {
      t.skip('the import/export API has not landed yet');
      return;
    }
    await nav(page, 'Import / export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download monitors JSON' }).click(),
    ]);
    const file = join(tmpdir(), `monitors-${process.pid}.json`);
    await download.saveAs(file);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { version: number; monitors: { name: string }[] };
    assert.equal(doc.version, 1);
    assert.deepEqual(doc.monitors.map((m) => m.name).sort(), ['Hourly', 'Local web']);

    await page.getByLabel('Monitors file to import (JSON)').setInputFiles(file);
    // A re-import only previews; keeping both is a deliberate choice.
    await page.locator('[data-preview="existing"]', { hasText: '2' }).waitFor();
    await page.getByLabel('Keep both').check();
    await page.getByRole('button', { name: 'Import 2 monitors' }).click();
    await page.getByText('Imported 2 monitors').waitFor();
    const all = await apiCall<Monitor[]>(svc.base, token, 'GET', '/api/monitors');
    assert.equal(all.length, 4);

    const bad = join(tmpdir(), `monitors-bad-${process.pid}.json`);
    writeFileSync(
      bad,
      JSON.stringify({ version: 1, monitors: [{ name: 'fine', url: 'http://127.0.0.1:1/' }, { name: '' }] }),
    );
    await page.getByLabel('Monitors file to import (JSON)').setInputFiles(bad);
    const errors = page.getByRole('table', { name: 'Import errors' });
    await errors.getByRole('cell', { name: '#2' }).first().waitFor();
    await shot(page, 'import-export');
    assert.equal(
      (await apiCall<Monitor[]>(svc.base, token, 'GET', '/api/monitors')).length,
      4,
      'nothing written',
    );

    // Delete one of the copies from its page.
    const copy = all.filter((m) => m.name === 'Hourly').at(-1)!;
    await page.goto(`${svc.base}/monitors/${copy.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.locator('[data-count="total"]', { hasText: '3' }).waitFor();
  });

  test('search and filters, dark theme and phone width', async () => {
    await nav(page, 'Dashboard').click();
    await page.getByLabel('Search by name or target').fill('hourly');
    await until('only the Hourly rows', async () => {
      const names = await page.locator('.mrow[data-monitor-id] .mrow-name a').allTextContents();
      return names.length > 0 && names.every((n) => n === 'Hourly');
    });
    await page.getByLabel('Search by name or target').fill('');
    await page.getByRole('button', { name: /up$/ }).click();
    await until('only up rows', async () => {
      const st = await page
        .locator('.mrow[data-monitor-id]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      return st.length > 0 && st.every((s) => s === 'up');
    });
    await page.getByLabel('Type', { exact: true }).selectOption('tcp');
    await until('no tcp rows', async () => (await page.locator('.mrow[data-monitor-id]').count()) === 0);
    await page.getByLabel('Type', { exact: true }).selectOption('');
    await page.getByRole('button', { name: /all$/ }).click();

    const dark = await chrome.open(svc.base, { dark: true });
    await signIn(dark.page, ADMIN.username, ADMIN.password);
    await dark.page.locator('[data-monitor-id] .cell-up').first().waitFor();
    await shot(dark.page, 'dashboard-dark');
    await dark.context.close();

    const phone = await chrome.open(svc.base, { width: 390, height: 844 });
    await signIn(phone.page, ADMIN.username, ADMIN.password);
    await phone.page.locator('[data-monitor-id] .cell-up').first().waitFor();
    const overflow = await phone.page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
    await shot(phone.page, 'dashboard-phone');
    await phone.context.close();
  });
});
