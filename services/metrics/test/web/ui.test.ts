// The web UI in a real Chromium against the real service (a separate process) analysing a repository
// the test builds: every view, its interactions, the downloads, and a screenshot of each view.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase, gitSync } from '../fixtures-builder/build-repo.js';
import { readPdf } from '../reports/pdf-text.js';
import { buildUiFixture, HOT_FILE } from './ui-fixture.js';
import { startUiService, type UiService } from './ui-service.js';

const skip = needChromium() || needTool('git');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer): { width: number; height: number } {
  assert.equal(b.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('metrics web UI', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let base: string;
  let browser: Browser;
  let page: Page;
  let firstCommit: string;
  const errors: string[] = [];

  before(async () => {
    fixture = createFixtureBase('metrics-ui-');
    const repo = buildUiFixture(fixture);
    firstCommit = gitSync(repo.dir, ['rev-list', '--max-parents=0', 'HEAD']).trim();
    service = await startUiService(fixture, 'metrics-ui', {
      CLONE_SHALLOW: 'false',
      LOG_LEVEL: 'info',
      PYLINT_JOBS: '1',
    });
    base = service.base;
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // Stages come and go quickly: remember every stage the progress view showed a time for.
    await page.addInitScript(`
      window.seenStages = new Set();
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('li[data-stage]')) {
          if (li.querySelector('time')) window.seenStages.add(li.getAttribute('data-stage'));
        }
      }).observe(document, { subtree: true, childList: true });
    `);
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('home validates the URL, then Analyze shows the stages and opens the dashboard', async () => {
    await page.goto(base);
    const url = page.getByLabel('Repository URL');
    await url.fill('https://gitlab.com/acme/shop');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByText('must look like https://github.com/<owner>/<repo>').waitFor();
    assert.equal(await url.getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Branch (optional)').fill('-x');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByText('Branch must not start with "-"').waitFor();
    await page.getByLabel('Branch (optional)').fill('');
    // Exclusions are checked by the API: its 422 names the bad glob under the Exclude field.
    const exclude = page.getByLabel('Exclude (optional)');
    await exclude.fill('legacy, /abs');
    await url.fill('https://github.com/acme/shop');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByText(`Exclude "/abs": exclude globs are relative paths, not '/abs'`).waitFor();
    assert.equal(await exclude.getAttribute('aria-invalid'), 'true');
    await exclude.fill('');
    await page.screenshot({ path: artifactPath('metrics-home.png'), fullPage: true });

    await url.fill('https://github.com/acme/shop');
    await url.press('Enter');
    await page.waitForURL(/\/analyses\/1$/);
    // The run may outpace the browser; the screenshot shows the progress view when it is still there.
    await page
      .locator('li[data-stage="analyzing"] time')
      .or(page.getByRole('heading', { name: 'Files' }))
      .first()
      .waitFor({ timeout: 120_000 });
    await page.screenshot({ path: artifactPath('metrics-progress.png'), fullPage: true });
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    const seen = await page.evaluate<string[]>('[...window.seenStages]');
    for (const s of ['pending', 'cloning', 'discovering', 'analyzing', 'git_analysis', 'generating']) {
      assert.ok(seen.includes(s), `stage ${s} was shown (saw ${seen.join(', ')})`);
    }
  });

  test('dashboard: KPIs, sorting, search and drill-down into a file', async () => {
    const kpi = (label: string) =>
      page
        .locator('.kpi', { has: page.locator('.kpi-label', { hasText: new RegExp(`^${label}$`) }) })
        .locator('.kpi-value');
    assert.equal(await kpi('Files').textContent(), '8');
    assert.equal(await kpi('Functions').textContent(), '16');
    const rows = page.locator('table.files tbody tr');
    assert.equal(await rows.count(), 8);
    // Default sort: maximum complexity, worst first.
    assert.equal(await rows.first().getAttribute('data-path'), HOT_FILE);
    await page.screenshot({ path: artifactPath('metrics-dashboard.png'), fullPage: true });

    const lines = page.getByRole('button', { name: /^Lines/ });
    await lines.click();
    assert.equal(await page.locator('th', { has: lines }).getAttribute('aria-sort'), 'descending');
    assert.equal(await rows.first().getAttribute('data-path'), HOT_FILE);
    await lines.click();
    assert.equal(await page.locator('th', { has: lines }).getAttribute('aria-sort'), 'ascending');
    assert.equal(await rows.first().getAttribute('data-path'), 'shop/engine/__init__.py');

    await page.getByLabel('Search files by path').fill('api/');
    assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')).sort()), [
      'shop/api/forms.py',
      'shop/api/views.py',
    ]);
    // Sort and search are in the URL: a reload (or a shared link) shows the same view (issue 29).
    const url = new URL(page.url());
    assert.deepEqual(
      [url.searchParams.get('sort'), url.searchParams.get('order'), url.searchParams.get('q')],
      ['loc', 'asc', 'api/'],
    );
    await page.reload();
    await rows.first().waitFor();
    assert.equal(await page.getByLabel('Search files by path').inputValue(), 'api/');
    assert.equal(await page.locator('th', { has: lines }).getAttribute('aria-sort'), 'ascending');
    assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))), [
      'shop/api/forms.py',
      'shop/api/views.py',
    ]);
    await page.getByLabel('Search files by path').fill('');
    assert.equal(new URL(page.url()).searchParams.get('q'), null);

    await page.getByRole('button', { name: HOT_FILE }).click();
    await page.waitForURL(/file=shop%2Fengine%2Fpricing\.py/);
    const fns = page.getByRole('table', { name: `Functions of ${HOT_FILE}`, exact: true });
    await fns.waitFor();
    const cells = await fns
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())),
      );
    assert.deepEqual(
      cells.map((c) => [c[0], c[2]]),
      [
        ['price', '37'],
        ['double', '1'],
        ['discount', '9'],
      ],
    );
    await page.screenshot({ path: artifactPath('metrics-drilldown.png'), fullPage: true });
    await page.getByRole('button', { name: 'Close' }).click();
    // The panel's file goes from the URL; the table's sort stays.
    await page.waitForURL(/\/analyses\/1\?sort=loc&order=asc$/);
  });

  test('downloads: a CSV and the ZIP', async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Files CSV/ }).click(),
    ]);
    const text = readFileSync(await csv.path(), 'utf8');
    assert.match(text, /^path,loc,lloc,sloc/);
    assert.equal(text.trim().split('\n').length, 9);
    assert.match(csv.suggestedFilename(), /\.csv$/);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Everything \(ZIP\)/ }).click(),
    ]);
    const bytes = readFileSync(await zip.path());
    assert.equal(bytes.subarray(0, 4).toString('hex'), '504b0304', 'ZIP signature');
    for (const name of ['file.csv', 'class.csv', 'function.csv', 'summary.csv', 'summary.json']) {
      assert.ok(bytes.includes(Buffer.from(name)), `the ZIP holds ${name}`);
    }
  });

  test('Insights of a single run: the trend says it has one point and how to get more', async () => {
    await page.goto(`${base}/analyses/1/insights`);
    const note = page.getByRole('note');
    await note.waitFor();
    assert.match(
      (await note.textContent()) ?? '',
      /There is one point so far: this repository has one analysed commit\..*history run/,
    );
    assert.equal(await page.locator('.small-multiples').count(), 0, 'no charts of a single dot');
    await page.goto(`${base}/analyses/1/insights/bogus`);
    await page.getByRole('alert').filter({ hasText: 'There is no Insights view named bogus' }).waitFor();
  });

  test('Insights: trend over two runs, heatmap, scatter with hover labels', async () => {
    // A second run of an older commit gives the trend two points.
    const res = await fetch(`${base}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: 'https://github.com/acme/shop', ref: firstCommit }),
    });
    assert.equal(res.status, 202);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`${base}/analyses/${id}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    // The trend lists finished runs: wait for this one to be stored as done before reading it.
    for (let i = 0; i < 240; i++) {
      const run = (await (await fetch(`${base}/api/analyses/${id}`)).json()) as { status: string };
      if (run.status === 'done') break;
      assert.notEqual(run.status, 'failed');
      await new Promise((r) => setTimeout(r, 500));
    }

    await page.goto(`${base}/analyses/1`);
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(/\/analyses\/1\/insights$/);
    const runs = page.getByRole('table', { name: 'Runs of this repository' }).locator('tbody tr');
    await runs.nth(1).waitFor();
    assert.equal(await runs.count(), 2);
    // Six measures and the health score (issue 35); coverage has no chart before an upload.
    assert.equal(await page.locator('.spark').count(), 7);
    await page.screenshot({ path: artifactPath('metrics-trend.png'), fullPage: true });

    await page.getByRole('link', { name: 'Heatmap' }).click();
    await page.waitForURL(/insights\/heatmap$/);
    const cells = page.locator('svg.treemap rect.cell');
    assert.equal(await cells.count(), 8);
    await page.locator(`svg.treemap rect[data-path="${HOT_FILE}"]`).hover();
    await page.getByText(`${HOT_FILE}: 58 lines, max CC 37`).waitFor();
    await page.getByLabel('Colour by').selectOption('mi');
    await page.screenshot({ path: artifactPath('metrics-heatmap.png'), fullPage: true });

    await page.getByRole('link', { name: 'Scatter' }).click();
    await page.getByRole('heading', { name: 'Hotspots: complexity against revisions' }).waitFor();
    assert.equal(await page.locator('svg.scatter circle.dot').count(), 8);
    await page.locator(`svg.scatter circle[data-path="${HOT_FILE}"]`).hover();
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    assert.match(
      (await tip.textContent()) ?? '',
      /shop\/engine\/pricing\.py\s*revisions: 3 · total complexity: 45/,
    );
    await page.screenshot({ path: artifactPath('metrics-scatter.png'), fullPage: true });
  });

  test('quality gate: thresholds mark failing files and live in the URL', async () => {
    await page.getByRole('link', { name: 'Quality gate' }).click();
    await page.getByLabel('Maximum complexity (worst function)').fill('10');
    await page.getByLabel('Minimum maintainability index').fill('50');
    await page.getByRole('button', { name: 'Apply gate' }).click();
    await page.waitForURL(/max_cc=10/);
    assert.match(page.url(), /min_mi=50/);
    const status = page.getByRole('status');
    assert.equal(await status.textContent(), '4 of 8 files fail the gate');
    const failing = page.getByRole('table', { name: 'Files failing the quality gate' }).locator('tbody tr');
    assert.deepEqual(
      (await failing.evaluateAll((trs) => trs.map((t) => t.getAttribute('data-path')))).sort(),
      ['shop/api/views.py', 'shop/engine/cart.py', HOT_FILE, 'tools/migrate.py'],
    );
    await page.screenshot({ path: artifactPath('metrics-gate.png'), fullPage: true });

    // Remembered: a reload and the dashboard both keep the thresholds.
    await page.reload();
    assert.equal(await page.getByRole('status').textContent(), '4 of 8 files fail the gate');
    assert.equal(await page.getByLabel('Maximum complexity (worst function)').inputValue(), '10');
    await page.getByRole('link', { name: 'Heatmap' }).click();
    assert.equal(await page.locator('svg.treemap rect.cell.failing').count(), 4);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/analyses\/1\?.*max_cc=10/);
    await page.locator('table.files tbody tr').first().waitFor();
    assert.equal(await page.locator('table.files tbody tr.failing').count(), 4);
    await page.getByText('4 failing the quality gate').waitFor();
  });

  test('PDF report and share card', async () => {
    await page.goto(`${base}/analyses/1/insights/report`);
    const img = page.getByRole('img', { name: /Share card of/ });
    await img.waitFor();
    // Not waitForFunction: its string predicate is an eval, which the page's CSP (rightly) blocks.
    await img.evaluate((el) => (el as unknown as { decode(): Promise<void> }).decode());
    assert.deepEqual(
      await page.evaluate<number[]>(
        "[document.querySelector('img.share-card').naturalWidth, document.querySelector('img.share-card').naturalHeight]",
      ),
      [1200, 630],
    );
    await page.screenshot({ path: artifactPath('metrics-report.png'), fullPage: true });

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the PDF report' }).click(),
    ]);
    assert.match(pdf.suggestedFilename(), /^acme-shop-a1\.pdf$/);
    const doc = await readPdf(readFileSync(await pdf.path()));
    // Issue 17 added a fourth page, where to act from the history; issue 35 the health section,
    // which moves the charts to a page of their own.
    assert.equal(doc.pages, 5);
    assert.match(doc.text[4] ?? '', /Where to act: history insights/);
    assert.match(doc.text.join(' '), /Health \d+\.\d\/10\s+10 minus:/);
    assert.match(doc.text[0] ?? '', /Code metrics report: acme\/shop/);
    assert.match(doc.text[0] ?? '', /Files\s+8/);
    // Issue 29: the worst files follow the grade on page 1; functions and charts flow after them.
    assert.match(doc.text[0] ?? '', /Worst files\s+Files with.*shop\/engine\/pricing\.py\s+58\s+37/);
    const tail = doc.text.slice(0, 4).join(' ');
    assert.match(tail, /Hotspots: complexity against revisions/);
    assert.match(tail, /price\s+shop\/engine\/pricing\.py\s+3\s+37\s+E/);

    const [card] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the PNG' }).click(),
    ]);
    assert.deepEqual(pngSize(readFileSync(await card.path())), { width: 1200, height: 630 });
    assert.equal(
      await page.getByLabel('Link to the share card').inputValue(),
      `${base}/api/analyses/1/share.png`,
    );
  });

  test('themes and keyboard: the toggle switches to dark; views are reachable by Tab', async () => {
    await page.goto(`${base}/analyses/1`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    assert.equal(await page.evaluate<string>('document.documentElement.dataset.theme'), 'dark');
    await page.locator('table.files tbody tr').first().waitFor();
    await page.screenshot({ path: artifactPath('metrics-dashboard-dark.png'), fullPage: true });
    // Keyboard: tab from the top of the page to the Insights tab and follow it with Enter.
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate<boolean>("document.activeElement?.textContent === 'Insights'");
    }
    assert.ok(reached, 'the Insights tab is reachable with Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/insights$/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    assert.deepEqual(errors, []);
  });

  test('a failing run shows its reason; the home page lists the runs', async () => {
    await page.goto(base);
    await page.getByLabel('Repository URL').fill('https://github.com/acme/missing');
    await page.getByLabel('Tag or commit (optional)').fill('v9.9');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.waitForURL(/\/analyses\/3$/);
    const failure = page.locator('.failure');
    await failure.waitFor({ timeout: 120_000 });
    assert.match(
      (await failure.textContent()) ?? '',
      /^repo_not_found: repository acme\/missing was not found on GitHub, or it is private/,
    );
    await page.getByRole('heading', { name: 'The analysis failed' }).waitFor();
    await page.screenshot({ path: artifactPath('metrics-failed.png'), fullPage: true });

    await page.getByRole('link', { name: 'Analyses' }).click();
    const runs = page.getByRole('table', { name: 'Recent runs' }).locator('tbody tr');
    await runs.nth(2).waitFor();
    const rows = await runs.evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    assert.equal(rows.length, 3);
    assert.match(rows[0] ?? '', /^3acme\/missing all runs of acme\/missingv9\.9failed/);
    assert.match(rows[2] ?? '', /^1acme\/shop all runs of acme\/shopmaindone8/);
  });

  test('deep links load the UI; API and asset misses stay 404', async () => {
    const deep = await fetch(`${base}/analyses/1/insights/heatmap?max_cc=3`);
    assert.equal(deep.status, 200);
    assert.match(await deep.text(), /<div id="root">/);
    const api = await fetch(`${base}/api/nope`);
    assert.equal(api.status, 404);
    assert.equal(((await api.json()) as { code: string }).code, 'not_found');
    assert.equal((await fetch(`${base}/assets/missing.js`)).status, 404);
    // Nothing outside the build folder is served: an escaping path gets the app page, not the file.
    for (const outside of ['/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/src/main.ts']) {
      const r = await fetch(`${base}${outside}`);
      assert.equal(r.status, 200, outside);
      assert.match(await r.text(), /<div id="root">/, outside);
    }
    const docs = await fetch(`${base}/docs`, { headers: { accept: 'application/json' } });
    assert.equal(docs.status, 200);
    const notDone = await fetch(`${base}/api/analyses/999/report.pdf`);
    assert.equal(notDone.status, 404);
  });
});
