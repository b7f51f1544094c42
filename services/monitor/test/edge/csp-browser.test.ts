import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../web/browser.js';
import { ADMIN, type RunningMonitor, startMonitor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

/**
 * Records what the policy blocks, from the page's first script on: the `securitypolicyviolation`
 * events, the console's CSP reports, and uncaught errors (a blocked script often ends in one).
 */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  return async () => [
    ...errors,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

describe('the monitor UI and its API docs under the Content-Security-Policy', {
  skip: needChromium(),
}, () => {
  let m: RunningMonitor;
  let browser: Browser;
  before(async () => {
    await ensureWebBuild();
    m = await startMonitor();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await m?.stop();
  });

  test('the dashboard signs in and renders with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = await watch(page);
    const res = await page.goto(m.base);
    assert.match(res?.headers()['content-security-policy'] ?? '', /script-src 'self';/);
    await signIn(page, ADMIN.username, ADMIN.password);
    // The forced password change, when the first admin must, is a page of the UI too.
    await page.locator('main').first().waitFor();
    await page.goto(`${m.base}/monitors`);
    await page.locator('main').first().waitFor();
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  test('Swagger UI at /api/docs renders the API with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = await watch(page);
    await page.goto(`${m.base}/api/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    assert.match(await page.locator('.swagger-ui .info .title').innerText(), /Monitor API/);
    assert.deepEqual(await problems(), []);
    await page.close();
  });
});
