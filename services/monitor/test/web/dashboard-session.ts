import type { Page } from 'playwright-core';
import { type BrowserSession, signIn, startBrowser } from './browser.js';
import { ADMIN, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { type FlipTarget, startFlipTarget } from './target.js';
import { ensureWebBuild } from './web-build.js';

/** A monitor, an HTTP target that can flip up and down, and a browser page signed in as the admin. */
export interface DashboardSession {
  svc: RunningMonitor;
  target: FlipTarget;
  chrome: BrowserSession;
  /** The admin's access token, for arranging data through the API. */
  token: string;
  /** A page on the dashboard, signed in. */
  page: Page;
  close(): Promise<void>;
}

/** Starts everything a dashboard browser test needs and signs in; `close` stops it all. */
export async function startDashboardSession(): Promise<DashboardSession> {
  await ensureWebBuild();
  const [svc, target, chrome] = await Promise.all([startMonitor(), startFlipTarget(), startBrowser()]);
  const token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
  const page = (await chrome.open(svc.base)).page;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return {
    svc,
    target,
    chrome,
    token,
    page,
    async close() {
      await chrome.close();
      await svc.stop();
      await target.close();
    },
  };
}
