import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, watchCsp } from '@app/kit/testing';
import type { Browser } from 'playwright-core';
import { signIn } from '../web/browser.js';
import { ADMIN, type RunningMonitor, startMonitor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

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
    const problems = await watchCsp(page);
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
    const problems = await watchCsp(page);
    await page.goto(`${m.base}/api/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    assert.match((await page.locator('.swagger-ui .info .title').textContent()) ?? '', /Monitor API/);
    assert.deepEqual(await problems(), []);
    await page.close();
  });
});
