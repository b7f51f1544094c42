import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Route } from 'playwright-core';
import { type BrowserSession, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

/** A target that holds every request until released, so the test decides when a check ends. */
async function startGate() {
  const held: ServerResponse[] = [];
  let open = false;
  const server = createServer((_req, res) => {
    if (open) res.end('ok');
    else held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heldCount: () => held.length,
    release() {
      open = true;
      for (const res of held.splice(0)) res.end('ok');
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('dashboard: a status change before the stream connects still shows', {
  skip: needChromium(),
}, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let gate: Awaited<ReturnType<typeof startGate>>;

  before(async () => {
    await ensureWebBuild();
    [svc, gate, chrome] = await Promise.all([startMonitor(), startGate(), startBrowser()]);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await gate?.close();
  });

  test('the first check turns the monitor up while the stream is held; the row ends up "up"', async () => {
    const token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    // A long interval: after the first check nothing else would ever correct a stale row.
    const m = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
      name: 'Early riser',
      url: `${gate.origin}/`,
      check_interval_seconds: 3600,
      timeout_seconds: 60,
      retry_count: 0,
    });
    const { page } = await chrome.open(svc.base);
    // Hold everything the live stream needs until the first check is over.
    const held: Route[] = [];
    let sawStream!: () => void;
    const streamAsked = new Promise<void>((r) => {
      sawStream = r;
    });
    let holding = true;
    await page.route('**/api/sse/**', (route) => {
      if (!holding) return void route.continue();
      held.push(route);
      sawStream();
    });
    const listLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/monitors');
    await signIn(page, ADMIN.username, ADMIN.password);
    // The page has asked for the stream (and, if it loads the list first, has the list: "pending").
    await Promise.race([listLoaded, streamAsked]);
    await streamAsked;
    gate.release();
    for (;;) {
      const now = await apiCall<{ current_status: string }>(svc.base, token, 'GET', `/api/monitors/${m.id}`);
      if (now.current_status === 'up') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    holding = false;
    for (const r of held) await r.continue();
    const row = page.locator(`.mrow[data-monitor-id="${m.id}"]`);
    await row.and(page.locator('[data-status="up"]')).waitFor({ timeout: 15_000 });
  });
});
