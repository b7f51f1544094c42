// Issue 21's views in a real Chromium against the real service analysing the fixture with known
// clones (clones-fixture.ts): the grade's formula on the dashboard with duplication as an input, the
// Duplicates view with two fragments side by side, the file drill-down's duplicated lines, and the
// Explorer's function and class tables (server-sorted, filtered and paged, linked to the source view).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool, watchCsp } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { gradeOf } from '../../src/shared-types/grade.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { waitFinished } from '../helpers/service.js';
import { startUiService, type UiService } from '../web/ui-service.js';
import { buildClonesRepo, CLONES, MERGE_TOTALS } from './clones-fixture.js';

const skip = needChromium() || needTool('git');

describe('metrics web UI: grade explained, duplicates, explorer', { skip }, () => {
  let fixture: FixtureBase;
  let svc: UiService;
  let browser: Browser;
  let page: Page;
  let csp: () => Promise<string[]>;
  let id = 0;
  let summary: Record<string, number>;

  before(async () => {
    fixture = createFixtureBase('metrics-dup-ui-');
    buildClonesRepo(fixture);
    svc = await startUiService(fixture, 'metrics-dup-ui', { PYLINT_ENABLED: 'false' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    csp = await watchCsp(page);
    const res = await fetch(`${svc.base}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: 'https://github.com/acme/clones' }),
    });
    assert.equal(res.status, 202);
    id = ((await res.json()) as { id: number }).id;
    // Finished before the page opens: the views below read a done run, whatever the machine's load.
    assert.equal((await waitFinished(svc.base, id)).status, 'done');
    await page.goto(`${svc.base}/analyses/${id}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    summary = (await (await fetch(`${svc.base}/api/analyses/${id}/summary`)).json()) as Record<
      string,
      number
    >;
  });

  after(async () => {
    await browser?.close();
    await svc?.stop();
    fixture?.cleanup();
  });

  test('the dashboard writes out the grade: each input, its formula and the points it took off', async () => {
    const card = page.getByRole('region', { name: 'How the grade is computed' });
    await card.waitFor();
    const pct = summary.duplicated_lines_pct ?? Number.NaN;
    assert.equal(summary.duplicated_lines, 40);
    // No pylint: four inputs; duplication is 100 − 5 × its percentage.
    const grade = gradeOf(summary);
    assert.deepEqual(
      grade.parts.map((p) => p.name),
      ['maintainability', 'complexity', 'simple functions', 'duplication'],
    );
    const dup = card.locator('tr[data-part="duplication"]');
    assert.equal(await dup.locator('th').textContent(), 'duplication');
    assert.equal(
      await dup.locator('td').nth(0).textContent(),
      `100 − 5 × ${Math.round(pct * 10) / 10} % duplicated lines`,
    );
    const value = Math.max(0, 100 - 5 * pct);
    assert.equal(await dup.locator('td').nth(1).textContent(), value.toFixed(1));
    assert.equal(await dup.locator('td').nth(2).textContent(), `−${((100 - value) / 4).toFixed(1)}`);
    // Rows are ordered by what they cost, and the biggest loss is named.
    const lost = await card.locator('tbody tr td:nth-child(4)').allTextContents();
    const nums = lost.map((t) => (t === '0' ? 0 : Number(t.replace('−', ''))));
    assert.deepEqual(
      nums,
      [...nums].sort((a, b) => b - a),
    );
    const worst = [...grade.parts].sort((a, b) => b.lost - a.lost)[0];
    assert.equal(
      await card.getByTestId('grade-lowered-most').textContent(),
      `Lowered most by ${worst?.name}: −${worst?.lost.toFixed(1)} points.`,
    );
    assert.match(
      (await card.locator('.formula').textContent()) ?? '',
      new RegExp(
        `score = \\(maintainability \\+ complexity \\+ simple functions \\+ duplication\\) / 4 = ${grade.score.toFixed(1)} → grade ${grade.letter}`,
      ),
    );
    const kpi = page.locator('.kpi', { hasText: 'Duplication' });
    assert.equal(await kpi.locator('.kpi-value').textContent(), `${pct.toFixed(1)} %`);
    await page.screenshot({ path: artifactPath('metrics-grade-explained.png'), fullPage: true });
  });

  test('the file drill-down shows its duplicated lines and its clone groups', async () => {
    await page.goto(`${svc.base}/analyses/${id}?file=orders.py`);
    const section = page.getByRole('region', { name: 'Duplication of orders.py' });
    await section.locator('li').nth(1).waitFor();
    assert.equal(await section.locator('p').textContent(), '20 duplicated lines (71.4 %)');
    assert.deepEqual(await section.locator('li').allTextContents(), [
      'Group #1: lines 4–15, also in billing.py',
      'Group #2: lines 18–25, also in invoices.py',
    ]);
    await section.getByRole('link', { name: 'Group #2' }).click();
    await page.getByRole('region', { name: 'Clone group 2 side by side' }).waitFor();
    assert.match(page.url(), /\/duplicates\?group=2$/);
  });

  test('Duplicates: groups largest first, two fragments side by side with their line numbers', async () => {
    await page.goto(`${svc.base}/analyses/${id}/duplicates`);
    const rows = page.getByRole('table', { name: 'Clone groups' }).locator('tbody tr');
    await rows.nth(1).waitFor();
    assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-group'))), [
      '1',
      '2',
    ]);
    assert.deepEqual(await rows.first().locator('code').allTextContents(), [
      'billing.py:4–15',
      'orders.py:4–15',
    ]);
    await rows.first().getByRole('button', { name: '#1' }).click();
    const compare = page.getByRole('region', { name: 'Clone group 1 side by side' });
    await compare.locator('figure').nth(1).waitFor();
    assert.equal(
      await compare.getByRole('heading').textContent(),
      `Group 1: ${CLONES.groups[0].tokens} tokens, 2 copies`,
    );
    const left = compare.locator('figure[data-side="left"]');
    const right = compare.locator('figure[data-side="right"]');
    assert.equal(await left.locator('figcaption a').textContent(), 'billing.py:4–15');
    assert.equal(
      await right.locator('figcaption a').getAttribute('href'),
      `/analyses/${id}/source?path=orders.py&line=4`,
    );
    const code = MERGE_TOTALS.trimEnd().split('\n');
    for (const side of [left, right]) {
      const lines = side.locator('.code-line');
      assert.equal(await lines.count(), 12);
      assert.equal(await lines.first().getAttribute('data-line'), '4');
      assert.equal(await lines.last().getAttribute('data-line'), '15');
      assert.deepEqual(
        (await lines.allTextContents()).map((t) => t.replace(/^\d+/, '').replace(/\n$/, '')),
        code,
      );
    }
    // Side by side on a desktop: the right fragment starts beside the left one.
    const a = await left.boundingBox();
    const b = await right.boundingBox();
    assert.ok(a && b && b.x > a.x + a.width - 1 && Math.abs(b.y - a.y) < 40, JSON.stringify({ a, b }));
    await page.screenshot({ path: artifactPath('metrics-duplicates.png'), fullPage: true });
  });

  test('Explorer: functions worst first, rank and path filters, sort by a column, rows link to the source', async () => {
    await page.goto(`${svc.base}/analyses/${id}`);
    await page.getByRole('link', { name: 'Explorer' }).click();
    const fnTable = page.getByRole('table', { name: 'Functions' });
    const fnRows = fnTable.locator('tbody tr');
    await fnRows.first().waitFor();
    assert.equal(await fnRows.first().locator('td').first().textContent(), 'decide');
    assert.equal(
      await fnRows.first().getByRole('link').getAttribute('href'),
      `/analyses/${id}/source?path=pkg%2Frules.py&line=11`,
    );
    const fnSection = page.locator('section[data-level="functions"]');
    await fnSection.getByLabel('C', { exact: true }).check();
    await fnSection.getByText('1 functions').waitFor();
    assert.deepEqual(await fnRows.locator('td:first-child').allTextContents(), ['decide']);
    await fnSection.getByLabel('C', { exact: true }).uncheck();
    await fnSection.getByLabel('Filter functions by path prefix').fill('pkg/');
    await fnSection.getByText('3 functions').waitFor();
    // By name (the function's own name): ascending, then descending on a second click.
    const nameHeader = fnTable.getByRole('columnheader', { name: /Name/ });
    await fnTable.getByRole('button', { name: 'Name' }).click();
    await fnSection.locator('th[aria-sort="ascending"]').waitFor();
    await fnTable.getByRole('button', { name: 'Name' }).click();
    await fnRows.first().getByText('Engine.stop').waitFor();
    assert.equal(await nameHeader.getAttribute('aria-sort'), 'descending');
    assert.deepEqual(await fnRows.locator('td:first-child').allTextContents(), [
      'Engine.stop',
      'Engine.start',
      'decide',
    ]);

    // The table's state is in the address: a reload keeps the filter and the order.
    assert.match(page.url(), /fn\.path=pkg%2F/);
    // Descending is the default order, so only the column is written.
    assert.match(page.url(), /fn\.sort=name/);
    assert.doesNotMatch(page.url(), /fn\.order/);
    await page.reload();
    await fnRows.first().getByText('Engine.stop').waitFor();
    assert.equal(await fnSection.getByLabel('Filter functions by path prefix').inputValue(), 'pkg/');
    assert.equal(await fnRows.count(), 3);

    const clsTable = page.getByRole('table', { name: 'Classes' });
    await clsTable.locator('tbody tr').nth(2).waitFor();
    await clsTable.getByRole('button', { name: 'Methods' }).click();
    await clsTable.locator('tbody tr').first().getByText('Engine').waitFor();
    assert.equal(
      await clsTable.locator('tbody tr').first().getByRole('link').getAttribute('href'),
      `/analyses/${id}/source?path=pkg%2Frules.py&line=1`,
    );
    await page.screenshot({ path: artifactPath('metrics-explorer.png'), fullPage: true });
  });

  test('on a 390 px phone the fragments stack and the pages fit; no page broke the CSP', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(`${svc.base}/analyses/${id}/duplicates?group=2`);
      const figs = phone.locator('.clone-compare figure');
      await figs.nth(1).waitFor();
      const a = await figs.nth(0).boundingBox();
      const b = await figs.nth(1).boundingBox();
      assert.ok(a && b && b.y >= a.y + a.height - 1, JSON.stringify({ a, b }));
      const width = () =>
        phone.evaluate<number[]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
      const [dw = 0, dcw = 0] = await width();
      assert.ok(dw <= dcw, `duplicates: page is ${dw} px wide in a ${dcw} px window`);
      await phone.goto(`${svc.base}/analyses/${id}/explorer`);
      await phone.getByRole('table', { name: 'Classes' }).locator('tbody tr').first().waitFor();
      const [ew = 0, ecw = 0] = await width();
      assert.ok(ew <= ecw, `explorer: page is ${ew} px wide in a ${ecw} px window`);
      await phone.screenshot({ path: artifactPath('metrics-explorer-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
    assert.deepEqual(await csp(), []);
  });
});
