import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import { type BrowserSession, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { type FlipTarget, startFlipTarget } from './target.js';
import { ensureWebBuild } from './web-build.js';

describe('dashboard: the server goes away and comes back', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let target: FlipTarget;

  before(async () => {
    await ensureWebBuild();
    [svc, target, chrome] = await Promise.all([startMonitor(), startFlipTarget(), startBrowser()]);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await target?.close();
  });

  test('a lazy page opened while it is down shows an error with Retry, then loads by itself', async () => {
    const token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    await apiCall(svc.base, token, 'POST', '/api/monitors', {
      name: 'Steady',
      url: `${target.origin}/steady`,
      check_interval_seconds: 60,
    });
    const { page } = await chrome.open(svc.base);
    const streamUrls: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/sse/dashboard') streamUrls.push(u);
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
    await page.locator('.mrow[data-monitor-id]', { hasText: 'Steady' }).waitFor();
    // A marker that a reload would wipe: recovery must happen in this very document.
    await page.evaluate(() => {
      (globalThis as unknown as { marker: number }).marker = 42;
    });

    const { dataDir, port } = svc;
    await svc.stop(true);
    await page.getByRole('alert').filter({ hasText: 'Live data is stale' }).waitFor({ timeout: 20_000 });
    await shot(page, 'dashboard-stale');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Incidents' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'cannot be reached' });
    await failure.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    assert.ok(await page.locator('.topbar').isVisible(), 'the app shell stays, no white page');
    await shot(page, 'page-unreachable');

    svc = await startMonitor({}, { dataDir, port });
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor({ timeout: 30_000 });
    assert.equal(await failure.count(), 0);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker), 42);

    // The dashboard is live again too, and the stale warning is gone.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('alert').filter({ hasText: 'Live data is stale' }).count(), 0);

    // The stream URL never carried a credential, and every (re)connect used a fresh ticket.
    assert.ok(streamUrls.length >= 2, `${streamUrls.length} stream requests`);
    for (const u of streamUrls) {
      const keys = [...u.searchParams.keys()].filter((k) => k !== 'last_event_id');
      assert.deepEqual(keys, ['ticket'], 'only a ticket, no token or key');
    }
    const tickets = streamUrls.map((u) => u.searchParams.get('ticket'));
    assert.ok(tickets.every((t) => t && t.length >= 40));
    assert.equal(new Set(tickets).size, tickets.length);
  });
});
