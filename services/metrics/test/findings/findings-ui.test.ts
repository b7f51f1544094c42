// The Findings view, the source view and the drill-down's findings in a real Chromium against the
// real service (a separate process, SQLite) under the strict CSP, on the fixture with known pylint
// messages (findings-fixture.ts): rules with counts, a rule's findings linking to their lines, the
// highlighted source with function metrics in the gutter and findings inline, `?line=` scrolling to
// and marking its line, and the pylint score worked out with the file's numbers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool, watchCsp } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { postAnalysis, waitFinished } from '../helpers/service.js';
import { startUiService, type UiService } from '../web/ui-service.js';
import { buildFindingsRepo } from './findings-fixture.js';

const skip = needChromium() || needTool('git') || needTool('pylint');

describe('findings and source views in a browser', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  let page: Page;
  let problems: () => Promise<string[]>;
  let id = 0;

  before(async () => {
    fixture = createFixtureBase('metrics-findings-ui-');
    buildFindingsRepo(fixture);
    service = await startUiService(fixture, 'metrics-findings-ui', { PYLINT_JOBS: '1' });
    const r = await postAnalysis(service.base, { repo_url: 'https://github.com/acme/findings' });
    assert.equal(r.status, 202);
    id = ((await r.json()) as { id: number }).id;
    const done = await waitFinished(service.base, id);
    assert.equal(done.status, 'done', String(done.error_message));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    problems = await watchCsp(page);
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('Findings tab: rules with counts, a rule opens its findings, each links to its line', async () => {
    await page.goto(`${service.base}/analyses/${id}`);
    await page.getByRole('link', { name: 'Findings', exact: true }).click();
    await page.waitForURL(new RegExp(`/analyses/${id}/findings$`));
    await page.getByText('9 findings under 6 rules').waitFor();
    const rules = page.locator('li.rule');
    assert.deepEqual(await rules.evaluateAll((els) => els.map((e) => e.getAttribute('data-rule'))), [
      'invalid-name',
      'unused-import',
      'bad-file-encoding',
      'missing-function-docstring',
      'undefined-variable',
      'unused-variable',
    ]);
    assert.equal(await rules.first().locator('.rule-count').textContent(), '3');
    await page.screenshot({ path: artifactPath('metrics-findings.png'), fullPage: true });

    await page.getByLabel('Category').selectOption('warning');
    await page.getByText('3 findings under 2 rules').waitFor();
    await page.getByLabel('Category').selectOption('');
    await page.getByText('9 findings under 6 rules').waitFor();

    const head = rules.first().getByRole('button');
    await head.click();
    assert.equal(await head.getAttribute('aria-expanded'), 'true');
    const links = rules.first().locator('.finding-list a');
    await links.first().waitFor();
    assert.deepEqual(await links.allTextContents(), ['pkg/bad.py:12', 'pkg/bad.py:12', 'pkg/bad.py:12']);
    assert.match(
      (await rules.first().locator('.finding-list li').first().textContent()) ?? '',
      /Function name "Compute" doesn't conform to snake_case naming style/,
    );
    await links.first().click();
    await page.waitForURL(/\/source\?path=pkg%2Fbad\.py&line=12$/);
    await page.locator('table.code tr#L12.marked').waitFor();
  });

  test('source view: highlighted text, function metrics in the gutter, findings inline at their lines', async () => {
    await page.goto(`${service.base}/analyses/${id}/source?path=pkg%2Fbad.py&line=12`);
    const marked = page.locator('tr#L12');
    await marked.waitFor();
    assert.equal(await marked.getAttribute('aria-current'), 'location');
    assert.equal(await page.locator('table.code tr[id^="L"]').count(), 16);
    assert.equal(await page.locator('tr#L6 td.src').textContent(), 'def shout(text):');
    assert.deepEqual(await page.locator('tr#L2 .hljs-keyword').allTextContents(), ['import']);
    assert.deepEqual(await page.locator('tr#L6 .hljs-keyword').allTextContents(), ['def']);
    // The module docstring is one string token, closed and reopened per line.
    assert.equal(await page.locator('tr#L1 .hljs-string').count(), 1);
    assert.deepEqual(await page.locator('td.gutter .fn-metrics').allTextContents(), [
      'CC 1 · Cog 0 · A',
      'CC 3 · Cog 3 · A',
    ]);
    assert.equal(await page.locator('tr#L12 .fn-metrics').count(), 1);
    // Findings sit in a row right after their line.
    const after12 = page.locator('tr#L12 + tr.inline-findings li');
    assert.equal(await after12.count(), 4);
    assert.match((await after12.nth(2).textContent()) ?? '', /invalid-name \(C0103\) Argument name "a"/);
    assert.match((await page.locator('tr#L2 + tr.inline-findings').textContent()) ?? '', /Unused import os/);
    assert.equal(await page.locator('tr#L6 + tr.inline-findings').count(), 0);
    // Line numbers are links that move the mark.
    await page.locator('tr#L8 td.ln a').click();
    await page.waitForURL(/line=8$/);
    await page.locator('tr#L8.marked').waitFor();
    assert.equal(await page.locator('tr.marked').count(), 1);
    await page.screenshot({ path: artifactPath('metrics-source.png'), fullPage: false });
  });

  test('?line= scrolls a long file to its line', async () => {
    await page.goto(`${service.base}/analyses/${id}/source?path=big.py&line=110`);
    const row = page.locator('tr#L110.marked');
    await row.waitFor();
    const inView = await page.evaluate<boolean>(`(() => {
      const r = document.getElementById('L110').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    })()`);
    assert.ok(inView, 'line 110 is in the viewport');
    assert.ok((await page.evaluate<number>('window.scrollY')) > 0, 'the page scrolled');
  });

  test('drill-down: the pylint score worked out, the findings, and links into the source', async () => {
    await page.goto(`${service.base}/analyses/${id}?file=pkg%2Fbad.py`);
    const formula = page.getByTestId('pylint-formula');
    await formula.waitFor();
    assert.equal(
      await formula.textContent(),
      'Pylint score: 10 − 10 × (5 × 0 error + 3 warning + 0 refactor + 4 convention) / 10 statements = 10 − 10 × 7 / 10 = 3.00',
    );
    const list = page.getByRole('list', { name: 'Findings of pkg/bad.py' });
    assert.equal(await list.locator('li').count(), 7);
    assert.match(
      (await list.locator('li').first().textContent()) ?? '',
      /line 2.*unused-import.*Unused import os/,
    );
    await page.screenshot({ path: artifactPath('metrics-file-findings.png'), fullPage: true });
    // Function names link to their first line.
    await page
      .locator('.detail')
      .getByRole('table', { name: 'Functions of pkg/bad.py', exact: true })
      .getByRole('link', { name: 'Compute' })
      .click();
    await page.waitForURL(/\/source\?path=pkg%2Fbad\.py&line=12$/);
    await page.locator('tr#L12.marked').waitFor();

    await page.goto(`${service.base}/analyses/${id}?file=other.py`);
    await formula.waitFor();
    assert.match(
      (await formula.textContent()) ?? '',
      /\(5 × 1 error \+ 0 warning \+ 0 refactor \+ 0 convention\) \/ 1 statements = 10 − 10 × 5 \/ 1 = -40\.00, floored at 0 = 0\.00$/,
    );
    // The file table links every file to its source.
    const srcLink = page.locator('table.files tr[data-path="latin.py"] a.src-link');
    await srcLink.click();
    await page.waitForURL(/\/source\?path=latin\.py$/);
    assert.equal(await page.locator('tr#L3 td.src').textContent(), 'NAME = "café"');
  });

  test('nothing was blocked by the CSP and no script failed', async () => {
    assert.deepEqual(await problems(), []);
  });
});
