// The web UI of a service with METRICS_API_TOKEN, in a real Chromium: it asks for the token, refuses a
// wrong one, then works with the session cookie alone: the live progress stream and a download link.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { parseCsv } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';
import { startUiService, type UiService } from '../web/ui-service.js';

const skip = needChromium() || needTool('git');
const TOKEN = 'ui-test-token-0123456789abcdef';

describe('web UI behind METRICS_API_TOKEN', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const urls: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    fixture = createFixtureBase('metrics-token-ui-');
    buildSmallRepo(fixture);
    service = await startUiService(fixture, 'metrics-token-ui', {
      PYLINT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      METRICS_API_TOKEN: TOKEN,
    });
    base = service.base;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('request', (r) => urls.push(r.url()));
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('asks for the token, refuses a wrong one, then analyses, streams and downloads', async () => {
    await page.goto(base);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByLabel('Repository URL').count(), 0, 'nothing else is shown');
    await page.getByLabel('Access token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('the access token is not valid').waitFor();
    await page.screenshot({ path: artifactPath('metrics-sign-in.png'), fullPage: true });

    await page.getByLabel('Access token').fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const url = page.getByLabel('Repository URL');
    await url.waitFor();
    const cookies = await context.cookies();
    assert.equal(cookies.length, 1);
    assert.equal(cookies[0]?.name, 'metrics_session');
    assert.equal(cookies[0]?.httpOnly, true);
    assert.equal(cookies[0]?.sameSite, 'Strict');
    assert.equal(await page.evaluate('document.cookie'), '', 'scripts cannot read the session');

    await url.fill('https://github.com/acme/small');
    await url.press('Enter');
    await page.waitForURL(/\/analyses\/1$/);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    assert.ok(
      urls.some((u) => u.endsWith('/api/analyses/1/stream')),
      'the progress view opened its EventSource stream',
    );

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Files CSV/ }).click(),
    ]);
    const rows = parseCsv(readFileSync(await csv.path(), 'utf8'));
    assert.deepEqual(rows.map((r) => r.path).sort(), ['calc.py', 'util.py']);

    for (const u of urls) assert.ok(!u.includes(TOKEN), `the token never travels in a URL: ${u}`);
    assert.deepEqual(pageErrors, []);

    // Signing out asks for the token again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.deepEqual(await context.cookies(), []);
  });
});
