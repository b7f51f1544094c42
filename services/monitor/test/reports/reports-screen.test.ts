import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import type { ShareLink, SlaReport } from '../../src/shared-types/sla-report-shapes.js';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

/** This month in UTC (`YYYY-MM`): the period that holds the checks sent below. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('dashboard: the Reports page, downloads and share links', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;
  let csp: () => Promise<string[]>;
  let monitorId: number;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    // Another monitor, so that choosing the scope matters.
    await apiCall(svc.base, token, 'POST', '/api/monitors', {
      name: 'Other job',
      monitor_type: 'heartbeat',
      check_interval_seconds: 86400,
    });
    const m = await apiCall<{ id: number; heartbeat_token: string }>(
      svc.base,
      token,
      'POST',
      '/api/monitors',
      {
        name: 'Nightly export',
        monitor_type: 'heartbeat',
        check_interval_seconds: 86400,
      },
    );
    monitorId = m.id;
    // Three pings and a failure report: four stored results, one of them down.
    for (const path of ['', '', '/fail', '']) {
      const res = await fetch(`${svc.base}/api/heartbeat/${m.heartbeat_token}${path}`, { method: 'POST' });
      assert.equal(res.ok, true, `heartbeat${path} → ${res.status}`);
    }
    const ctx = await chrome.browser.newContext({ acceptDownloads: true });
    page = await ctx.newPage();
    csp = await watchCsp(page);
    await page.goto(svc.base);
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('scope and period → preview equal to the API, CSV, a share link opened signed out, revoked, refused', async () => {
    await navTo(page, 'Reports');
    const form = page.getByRole('form', { name: 'Report' });
    await form.getByLabel('Scope').selectOption('monitor');
    await form.getByLabel('Which').selectOption({ label: 'Nightly export' });
    await form.getByLabel('Period', { exact: true }).fill(thisMonth());
    await form.getByLabel('Time zone').fill('UTC');
    await form.getByRole('button', { name: 'Preview' }).click();

    const query = `scope=monitor&scope_id=${monitorId}&period=${thisMonth()}&timezone=UTC`;
    const expected = await apiCall<SlaReport>(svc.base, token, 'GET', `/api/reports?${query}`);
    const [mon] = expected.monitors;
    assert.equal(expected.monitors.length, 1);
    assert.equal(mon?.name, 'Nightly export');
    assert.equal(mon?.checks, 4, 'the four heartbeat results are in the report');
    assert.equal(mon?.uptime_percent, 75);
    const row = page.getByRole('table', { name: 'Report' }).getByRole('row', { name: /Nightly export/ });
    await row.waitFor();
    // Columns: Monitor, Target, Uptime, …
    assert.equal(await row.getByRole('cell').nth(2).textContent(), `${mon.uptime_percent} %`);
    await page.locator('.report-preview').getByText(`Uptime ${expected.summary.uptime_percent} %`).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path()) as string, 'utf8')).trim().split(/\r?\n/);
    assert.equal(csv.length, 2, 'a header and one row per monitor');
    const header = csv[0]!.split(',');
    assert.deepEqual(header.slice(0, 3), ['monitor_id', 'name', 'monitor_type']);
    const cells = csv[1]!.split(',');
    assert.equal(cells[header.indexOf('uptime_percent')], '75');
    assert.equal(cells[header.indexOf('monitor_id')], String(monitorId));

    // Share: the link is shown once and listed with what it opens and who made it.
    await form.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByLabel('Share link', { exact: true }).inputValue();
    assert.match(url, new RegExp(`^${svc.base}/shared/mon_share_`));
    const listed = page
      .getByRole('table', { name: 'Share links' })
      .getByRole('row', { name: /Nightly export/ });
    await listed.waitFor();
    const text = (await listed.textContent()) ?? '';
    assert.match(text, new RegExp(`Report: monitor Nightly export, ${thisMonth()} \\(UTC\\)`));
    assert.match(text, /by admin/);
    assert.match(text, /active/);
    const [link] = await apiCall<ShareLink[]>(svc.base, token, 'GET', '/api/share-links');
    assert.equal(link?.created_by, 'admin');
    assert.equal(link?.state, 'active');
    await shot(page, 'reports-share-links');

    // A stranger: a fresh context, no sign-in, under the strict CSP of the shared page.
    const stranger = await chrome.browser.newContext();
    try {
      const visitor = await stranger.newPage();
      const visitorCsp = await watchCsp(visitor);
      const opened = await visitor.goto(url);
      assert.equal(opened?.status(), 200);
      await visitor.getByRole('heading', { name: 'SLA report: Nightly export' }).waitFor();
      await visitor.getByText(`uptime ${mon.uptime_percent} % with maintenance excluded`).waitFor();
      assert.deepEqual(await visitorCsp(), []);

      await listed.getByRole('button', { name: 'Revoke' }).click();
      await listed.getByRole('button', { name: 'Yes, revoke' }).click();
      await listed.getByText(/^revoked /).waitFor();
      const [revoked] = await apiCall<ShareLink[]>(svc.base, token, 'GET', '/api/share-links');
      assert.equal(revoked?.state, 'revoked');

      const refused = await visitor.goto(url);
      assert.equal(refused?.status(), 404);
      await visitor.getByText('This link does not exist, has expired or was revoked.').waitFor();
      assert.equal((await fetch(url.replace('/shared/', '/api/shared/'))).status, 404);
    } finally {
      await stranger.close();
    }
    assert.deepEqual(await csp(), []);
  });
});
