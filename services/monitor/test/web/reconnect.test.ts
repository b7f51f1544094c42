import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { type FlipTarget, startFlipTarget } from './target.js';
import { ensureWebBuild } from './web-build.js';

describe('dashboard: the live stream reconnects after the service restarts', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let target: FlipTarget;
  let page: Page;

  before(async () => {
    await ensureWebBuild();
    [svc, target, chrome] = await Promise.all([startMonitor(), startFlipTarget(), startBrowser()]);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await target?.close();
  });

  test('the stream drops with the service, comes back by itself, and keeps the page live', async () => {
    const token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    await apiCall(svc.base, token, 'POST', '/api/monitors', {
      name: 'Survivor',
      url: `${target.origin}/survivor`,
      check_interval_seconds: 1,
      timeout_seconds: 1,
      retry_count: 0,
    });
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
    const row = page.locator('.mrow[data-monitor-id]', { hasText: 'Survivor' });
    await row.and(page.locator('[data-status="up"]')).waitFor({ timeout: 20_000 });

    const { dataDir, port } = svc;
    await svc.stop(true);
    await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor({ timeout: 20_000 });
    svc = await startMonitor({}, { dataDir, port });
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 });

    // Events after the restart still reach the page: the target breaks and the row turns down.
    target.status = 500;
    await row.and(page.locator('[data-status="down"]')).waitFor({ timeout: 20_000 });
  });
});
