import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type HttpTarget, makeCert, startHttpTarget } from '../peers/index.js';
import { type BrowserSession, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

interface Monitor {
  id: number;
  name: string;
  tls_days_left: number | null;
  badge_enabled: boolean;
}

const row = (page: Page, name: string) =>
  page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name, exact: true }) });

describe('dashboard: certificate days and badge snippets', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let soon: HttpTarget;
  let later: HttpTarget;
  let token: string;
  let page: Page;
  const ids = { soon: 0, later: 0 };

  before(async () => {
    await ensureWebBuild();
    [svc, chrome, soon, later] = await Promise.all([
      startMonitor(),
      startBrowser(),
      makeCert(5).then(startHttpTarget),
      makeCert(60).then(startHttpTarget),
    ]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const create = (body: Record<string, unknown>) =>
      apiCall<Monitor>(svc.base, token, 'POST', '/api/monitors', { ignore_tls_errors: true, ...body });
    // A short-lived certificate behind an HTTPS check, a long-lived one behind a TLS check.
    ids.soon = (await create({ name: 'Shop', url: `${soon.origin}/ok` })).id;
    ids.later = (await create({ name: 'Mail', monitor_type: 'tls', url: `127.0.0.1:${later.port}` })).id;
    for (const id of [ids.soon, ids.later]) {
      for (let i = 0; ; i++) {
        const m = await apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${id}`);
        if (m.tls_days_left !== null) break;
        if (i > 200) throw new Error(`monitor ${id} read no certificate`);
        await sleep(100);
      }
    }
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await soon?.close();
    await later?.close();
  });

  test('the list shows days left, highlighted within the warning threshold', async () => {
    const shop = row(page, 'Shop').getByTestId('cert-days');
    await shop.waitFor();
    assert.equal(await shop.textContent(), 'certificate: 5 days left');
    assert.match((await shop.getAttribute('class')) ?? '', /\bcert-warn\b/);
    const mail = row(page, 'Mail').getByTestId('cert-days');
    assert.equal(await mail.textContent(), 'certificate: 60 days left');
    assert.doesNotMatch((await mail.getAttribute('class')) ?? '', /\bcert-warn\b/);
    // The highlight is a real colour change, not only a class.
    type Styles = { getComputedStyle(el: unknown): { backgroundColor: string } };
    const colours = await Promise.all(
      [shop, mail].map((l) =>
        l.evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor),
      ),
    );
    assert.notEqual(colours[0], colours[1]);
    await shot(page, 'certificate-days-list');
  });

  test('the detail page shows them, and the badge opt-in gives README snippets', async () => {
    await row(page, 'Shop').getByRole('link', { name: 'Shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Shop' }).waitFor();
    const facts = page.locator('dl.facts');
    assert.equal(await facts.getByTestId('cert-days').textContent(), 'certificate: 5 days left');
    assert.equal(await page.getByRole('heading', { name: 'Badges' }).count(), 0, 'off by default');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Public badges').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Badges' }).waitFor();
    const stored = await apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${ids.soon}`);
    assert.equal(stored.badge_enabled, true);

    const snippets = await page.getByTestId('badge-markdown').allTextContents();
    const base = `${svc.base}/api/badges/${ids.soon}`;
    assert.deepEqual(snippets, [
      `![status](${base}/status.svg)`,
      `![uptime 30d](${base}/uptime.svg?window=30d)`,
      `![response time](${base}/response-time.svg)`,
      `![certificate](${base}/certificate.svg)`,
    ]);
    // The previews are the live badges, loaded under the dashboard's strict CSP.
    const badges = page.locator('.badges img');
    await page.waitForFunction(
      "Array.from(document.querySelectorAll('.badges img')).every((i) => i.complete && i.naturalWidth > 0)",
    );
    assert.equal(await badges.count(), 4);
    await shot(page, 'badge-snippets');
  });

  test('a renewed certificate shows on the open dashboard with the next check, without a reload', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const mail = row(page, 'Mail').getByTestId('cert-days');
    assert.equal(await mail.textContent(), 'certificate: 60 days left');
    await page.evaluate('window.__sameDocument = true');
    later.useCert(await makeCert(200));
    await apiCall(svc.base, token, 'POST', `/api/monitors/${ids.later}/check-now`);
    await row(page, 'Mail').getByText('certificate: 200 days left').waitFor();
    assert.equal(await page.evaluate('window.__sameDocument'), true, 'no reload');
    // The event the stream delivered is what moved it: the monitor list was loaded before the renewal.
    const stored = await apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${ids.later}`);
    assert.equal(stored.tls_days_left, 200);
  });
});
