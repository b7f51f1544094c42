import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, needTool, watchCsp } from '@app/kit/testing';
import type { Browser } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { buildUiFixture } from '../web/ui-fixture.js';
import { startUiService, type UiService } from '../web/ui-service.js';

describe('the metrics UI and its API docs under the Content-Security-Policy', {
  skip: needChromium() || needTool('git'),
}, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let base: string;
  let browser: Browser;
  before(async () => {
    fixture = createFixtureBase('metrics-csp-');
    buildUiFixture(fixture);
    service = await startUiService(fixture, 'metrics-csp', {
      CLONE_SHALLOW: 'false',
      PYLINT_ENABLED: 'false',
    });
    base = service.base;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
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
    // One run so far: the trend says so instead of drawing a one-point chart.
    await page.getByText('There is one point so far').waitFor();
    await page.getByRole('link', { name: 'Heatmap', exact: true }).click();
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
