// Trends by commit, compare and new code in a real Chromium, on real analyses of a repository built
// commit by commit (test/trends/evolve-fixture.ts): the trend's points in commit order with their refs,
// "compare with previous" from the run list, the compare view's KPI deltas and biggest changes first,
// a file's trend across its rename and a function's trend from its row, and the new-code filter and gate.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { waitFinished } from '../helpers/service.js';
import { buildEvolveRepo } from '../trends/evolve-fixture.js';
import { startUiService, type UiService } from './ui-service.js';

const skip = needChromium() || needTool('git');

describe('metrics web UI: trends by commit, compare, new code', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const ids: Record<string, number> = {};

  const analyze = async (body: Record<string, unknown>) => {
    const res = await fetch(`${service.base}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: 'https://github.com/acme/evolve', ...body }),
    });
    assert.equal(res.status, 202);
    const { id } = (await res.json()) as { id: number };
    assert.equal((await waitFinished(service.base, id)).status, 'done');
    return id;
  };

  before(async () => {
    fixture = createFixtureBase('metrics-compare-ui-');
    buildEvolveRepo(fixture);
    service = await startUiService(fixture, 'metrics-compare-ui', {
      PYLINT_ENABLED: 'false',
      RUNS_PER_MINUTE_PER_CLIENT: '0',
    });
    // Analysed newest commit first: the trend must still draw them in commit order.
    ids.main = await analyze({});
    ids.tag = await analyze({ ref: 'v1' });
    ids.feature = await analyze({ branch: 'feature' });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('the trend lists commits by commit date with their ref, one line per ref', async () => {
    await page.goto(`${service.base}/analyses/${ids.main}/insights/trend`);
    const rows = page.getByRole('table', { name: 'Runs of this repository' }).locator('tbody tr');
    await rows.nth(2).waitFor();
    assert.equal(await rows.count(), 3);
    const refs = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-ref')));
    assert.deepEqual(refs, ['v1', 'feature', 'main']);
    assert.deepEqual(await rows.locator('td:nth-child(2)').allTextContents(), [
      `#${ids.tag}`,
      `#${ids.feature}`,
      `#${ids.main}`,
    ]);
    await page.getByRole('heading', { name: 'Trend across 3 commits on 3 refs' }).waitFor();
    // The health score (issue 35) and five of the six measures: a measure no run has gets no chart
    // (pylint is off here; coverage is not uploaded).
    assert.equal(await page.locator('.spark').count(), 6);
    assert.equal(await page.getByRole('img', { name: /^Pylint average/ }).count(), 0);
    assert.equal(await page.getByRole('img', { name: /^Health \(1-10\)/ }).count(), 1);
    assert.equal(await page.locator('.spark').first().locator('g[data-series]').count(), 3);
    assert.deepEqual(await page.getByRole('list', { name: 'Series' }).locator('li').allTextContents(), [
      ' main',
      ' feature',
      ' v1',
    ]);
    await page.screenshot({ path: artifactPath('metrics-trend-by-commit.png'), fullPage: true });
  });

  test("one repository's runs are a link of their own, kept in the URL", async () => {
    await page.goto(service.base);
    await page.getByRole('link', { name: 'All runs of acme/evolve' }).first().click();
    await page.waitForURL(/\/\?repo=acme%2Fevolve$/);
    await page.getByRole('heading', { name: 'Runs of acme/evolve' }).waitFor();
    const rows = page.getByRole('table', { name: 'Recent runs' }).locator('tbody tr');
    await rows.first().waitFor();
    assert.deepEqual(
      await rows.locator('td:first-child').allTextContents(),
      [ids.feature, ids.tag, ids.main].map(String),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Runs of acme/evolve' }).waitFor();
    await page.getByRole('link', { name: 'All repositories' }).click();
    await page.getByRole('heading', { name: 'Recent runs' }).waitFor();
  });

  test('"compare with previous" from the run list opens the compare view with KPI deltas', async () => {
    await page.goto(service.base);
    const row = page
      .getByRole('table', { name: 'Recent runs' })
      .locator('tbody tr')
      .filter({
        has: page.getByRole('cell', { name: String(ids.feature), exact: true }),
      });
    // The repository's first run has nothing before it: no link (issue 29).
    const first = page
      .getByRole('table', { name: 'Recent runs' })
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: String(ids.main), exact: true }) });
    await first.waitFor();
    assert.equal(await first.getByRole('link', { name: 'with previous' }).count(), 0);
    await row.getByRole('link', { name: 'with previous' }).click();
    await page.waitForURL(new RegExp(`/compare/${ids.tag}/${ids.feature}$`));
    await page.getByRole('heading', { name: `Compare acme/evolve #${ids.tag} → #${ids.feature}` }).waitFor();
    const fnKpi = page.locator('[data-kpi="functions"]');
    await fnKpi.waitFor();
    assert.equal(await fnKpi.locator('.kpi-value').textContent(), '10');
    assert.match((await fnKpi.locator('.kpi-delta').textContent()) ?? '', /^\+1 from 9$/);
    const fns = page.getByRole('table', { name: 'Changed functions' }).locator('tbody tr');
    assert.deepEqual(await fns.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-function'))), [
      'feat',
    ]);
    assert.equal(await fns.first().getAttribute('data-change'), 'added');
  });

  test('the compare view sorts by the size of the change and shows renames', async () => {
    await page.goto(`${service.base}/compare/${ids.tag}/${ids.main}`);
    const fns = page.getByRole('table', { name: 'Changed functions' }).locator('tbody tr');
    await fns.first().waitFor();
    assert.equal(await fns.first().getAttribute('data-function'), 'alpha');
    assert.equal(await fns.first().getAttribute('data-change'), 'worse');
    assert.equal(await fns.first().locator('td').nth(3).textContent(), '+2');
    const removed = fns.filter({ has: page.locator('[data-change="removed"]') });
    assert.ok(
      (await fns.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-change')))).includes('removed'),
    );
    void removed;
    const modB = page.getByRole('table', { name: 'Changed files' }).locator('tr[data-path="mod_b.py"]');
    assert.match((await modB.textContent()) ?? '', /was mod_a\.py/);
    const ccKpi = page.locator('[data-kpi="cc_max"] .kpi-delta');
    assert.ok(((await ccKpi.getAttribute('class')) ?? '').includes('delta-worse'));
    await page.getByLabel('Show unchanged files and functions').check();
    await page.locator('tr[data-function="helper2"]').waitFor();
    assert.match((await page.locator('tr[data-function="helper2"]').textContent()) ?? '', /was helper/);
    await page.screenshot({ path: artifactPath('metrics-compare.png'), fullPage: true });
  });

  test("a file's trend follows its rename; a function's trend opens from its row", async () => {
    await page.goto(`${service.base}/analyses/${ids.main}?file=mod_b.py`);
    const panel = page.locator('section.detail');
    await panel.getByText('Trend by commit').click();
    const fileTrend = page.getByRole('region', { name: 'Trend of mod_b.py' });
    await fileTrend.getByText(/3 commits · earlier named mod_a\.py/).waitFor();
    assert.equal(await fileTrend.locator('.spark').count(), 3);
    await panel.getByRole('button', { name: 'Trend of work' }).click();
    const fnTrend = page.getByRole('region', { name: 'Trend of work' });
    await fnTrend.getByRole('heading', { name: 'Trend of work (3 commits)' }).waitFor();
    const dots = await fnTrend.locator('.spark').first().locator('circle title').allTextContents();
    assert.equal(dots.length, 3);
    assert.ok(
      dots.some((t) => /^main · .*mod_b\.py: 2$/.test(t)),
      dots.join('\n'),
    );
    assert.ok(
      dots.some((t) => /^v1 · .*mod_a\.py: 1$/.test(t)),
      dots.join('\n'),
    );
    await page.screenshot({ path: artifactPath('metrics-function-trend.png'), fullPage: true });
  });

  test('new code since a run: the dashboard shows only new code, and the gate checks only it', async () => {
    await page.goto(`${service.base}/analyses/${ids.main}`);
    await page.getByLabel('Since run').selectOption(String(ids.tag));
    await page.getByRole('button', { name: 'Show new code' }).click();
    await page.waitForURL(new RegExp(`new_code_base=${ids.tag}`));
    await page.getByText(`New code since run #${ids.tag}`).waitFor();
    const table = page.locator('tr[data-path]');
    await page.locator('tr[data-path="fresh.py"]').waitFor();
    const paths = await table.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-path')).sort());
    assert.deepEqual(paths, ['core.py', 'fresh.py', 'mod_b.py']);
    const fns = page.getByRole('table', { name: 'New or changed functions' }).locator('tbody tr');
    assert.deepEqual(await fns.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-function'))), [
      'alpha',
      'beta',
      'helper2',
      'gamma',
      'fresh_fn',
      'work',
    ]);
    // The base rides along to Insights: the gate checks the three new-code files only.
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('link', { name: 'Quality gate' }).click();
    await page.getByLabel('Maximum complexity (worst function)').fill('1');
    await page.getByRole('button', { name: 'Apply gate' }).click();
    await page.getByText('Checking new code only: the 3 files added or changed since').waitFor();
    await page.getByText('2 of 3 files fail the gate').waitFor();
    assert.equal(
      await page.getByLabel('Only new code since (run id or commit)').inputValue(),
      String(ids.tag),
    );
    assert.deepEqual(errors, []);
  });

  test('the compare view, the trend and the new-code dashboard fit a 390 px phone', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    const widths: Record<string, number> = {};
    for (const [name, path] of [
      ['compare', `/compare/${ids.tag}/${ids.main}`],
      ['trend', `/analyses/${ids.main}/insights/trend`],
      ['new code', `/analyses/${ids.main}?new_code_base=${ids.tag}`],
    ] as const) {
      await phone.goto(`${service.base}${path}`);
      await phone.locator('main h1, main h2').first().waitFor();
      await phone.waitForLoadState('networkidle');
      widths[name] = await phone.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      );
      await phone.screenshot({
        path: artifactPath(`metrics-phone-${name.replace(' ', '-')}.png`),
        fullPage: true,
      });
    }
    assert.deepEqual(widths, { compare: 390, trend: 390, 'new code': 390 });
    await phone.close();
    assert.deepEqual(errors, []);
  });

  test("the new-code base list offers a history run's per-commit runs, newest commit first", async () => {
    const hist = await analyze({ history: { commits: 2 } });
    await page.goto(`${service.base}/analyses/${hist}`);
    const select = page.getByLabel('Since run');
    await select.locator('option', { hasText: '(history run' }).first().waitFor({ state: 'attached' });
    const labels = (await select.locator('option').allTextContents()).slice(1);
    const perCommit = labels.filter((l) => l.includes(`(history run #${hist})`));
    // c1 and c2 measured by the history run (its own commit, c3, is the current run).
    assert.equal(perCommit.length, 2, labels.join('\n'));
    assert.match(perCommit[0] ?? '', / · main · [0-9a-f]{8} · 2024-02-01 /);
    assert.match(perCommit[1] ?? '', / · main · [0-9a-f]{8} · 2024-01-01 /);
    assert.ok(
      labels.some((l) => l.startsWith(`#${ids.main} · `)),
      'the plain runs stay',
    );
    assert.deepEqual(errors, []);
  });
});
