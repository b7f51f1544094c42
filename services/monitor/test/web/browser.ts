import { artifactPath, launchChromium } from '@app/kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One Chromium for a test file, with helpers to open signed-in pages. */
export interface BrowserSession {
  browser: Browser;
  /** A fresh context (own storage) and page at `base`; page errors fail loudly in the output. */
  open(
    base: string,
    opts?: { width?: number; height?: number; dark?: boolean },
  ): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Launches Debian's Chromium for the dashboard tests. */
export async function startBrowser(): Promise<BrowserSession> {
  const browser = await launchChromium();
  return {
    browser,
    async open(base, opts = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
        colorScheme: opts.dark ? 'dark' : 'light',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      await page.goto(base);
      return { context, page };
    },
    close: () => browser.close(),
  };
}

/** Fills the sign-in form and waits for the signed-in shell (or the forced change page). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.topbar, h1:has-text("Choose a new password")').first().waitFor();
}

/** Saves a full-page screenshot under test-artifacts/ for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath(`monitor-${name}.png`), fullPage: true });
}

/**
 * Follows a main-navigation entry the way a person would: through the Menu button at phone width
 * and the Admin drop-down for the administration pages.
 */
export async function navTo(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await menu.or(nav).first().waitFor(); // the signed-in frame is there (after a reload, say)
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  // An entry's name may go on with a count ("Incidents, open: 2").
  const link = nav.getByRole('link', { name: new RegExp(`^${name.replace(/[^\w ]/g, '\\$&')}\\b`) });
  if (!(await link.isVisible())) {
    const admin = nav.getByRole('button', { name: 'Admin' });
    if (await admin.isVisible()) await admin.click();
  }
  await link.click();
}
