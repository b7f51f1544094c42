import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  freePort,
  launchChromium,
  needChromium,
  needTool,
  runService,
  type ServiceProcess,
  watchCsp,
} from '@app/kit/testing';
import type { Browser } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { buildUiFixture } from '../web/ui-fixture.js';
import { ensureWebBuild } from '../web/web-build.js';

const ENTRY = new URL('../../src/main.ts', import.meta.url).pathname;

describe('the metrics UI and its API docs under the Content-Security-Policy', {
  skip: needChromium() || needTool('git'),
}, () => {
  let fixture: FixtureBase;
  let dataDir: string;
  let service: ServiceProcess;
  let base: string;
  let browser: Browser;
  before(async () => {
    ensureWebBuild();
    fixture = createFixtureBase('metrics-csp-');
    buildUiFixture(fixture);
    dataDir = mkdtempSync(join(tmpdir(), 'metrics-csp-data-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = runService(ENTRY, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GITHUB_BASE_URL: fixture.baseUrl,
      CLONE_SHALLOW: 'false',
      PYLINT_ENABLED: 'false',
      ANALYSIS_THREADS: '1',
      POLL_INTERVAL_MS: '200',
    });
    await service.waitFor(/listening/i, 60_000);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('home, an analysis run, its dashboard and charts render with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = await watchCsp(page);
    const res = await page.goto(base);
    assert.match(res?.headers()['content-security-policy'] ?? '', /script-src 'self';/);
    await page.getByLabel('Repository URL').fill('https://github.com/acme/shop');
    await page.getByLabel('Repository URL').press('Enter');
    await page.waitForURL(/\/analyses\/1$/);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    await page.locator('table.files tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(/\/analyses\/1\/insights$/);
    await page.locator('.spark').first().waitFor();
    await page.getByRole('link', { name: 'Heatmap' }).click();
    await page.locator('svg.treemap rect.cell').first().waitFor();
    await page.getByRole('link', { name: 'Scatter' }).click();
    await page.locator('svg.scatter circle.dot').first().waitFor();
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  test('Swagger UI at /docs renders the API with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = await watchCsp(page);
    await page.goto(`${base}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    assert.match((await page.locator('.swagger-ui .info .title').textContent()) ?? '', /Code metrics API/);
    assert.deepEqual(await problems(), []);
    await page.close();
  });
});
