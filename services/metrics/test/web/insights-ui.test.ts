// The history insights of the web UI (Hotspots, Coupling, Knowledge, code age on the heatmap) in a real
// Chromium against two real services analysing the repository of insights-fixture.ts: one with the full
// history, one cloning shallowly. Every expected number is worked out in insights-expected.ts from that fixture's commits.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool, watchCsp } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { heatColour } from '../../src/shared-types/colour.js';
import {
  ALL,
  attrs,
  CC,
  COG,
  clickArc,
  degree,
  PAIRS,
  REASON_TEXT,
  ranked,
  score,
  texts,
} from './insights-expected.js';
import { CORE, INIT, MODELS, REPORT, UTILS, VIEWS } from './insights-fixture.js';
import { type InsightsServices, startInsightsServices } from './insights-services.js';
import type { UiService } from './ui-service.js';

const skip = needChromium() || needTool('git');

describe('metrics web UI: hotspots, coupling, knowledge and code age', { skip }, () => {
  let services: InsightsServices;
  let full: UiService;
  let shallow: UiService;
  let browser: Browser;
  let page: Page;
  let csp: () => Promise<string[]>;
  let fullId: number;
  let shallowId: number;
  let shallowSourceId: number;

  /** Starts a run of the fixture and returns its id once the UI shows it done. */
  async function analyse(base: string, url: string): Promise<number> {
    const res = await fetch(`${base}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: url }),
    });
    assert.equal(res.status, 202);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`${base}/analyses/${id}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });
    return id;
  }

  before(async () => {
    services = await startInsightsServices();
    ({ full, shallow } = services);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    csp = await watchCsp(page);
    fullId = await analyse(full.base, services.repoUrl);
    shallowId = await analyse(shallow.base, services.repoUrl);
    shallowSourceId = await analyse(full.base, 'https://github.com/acme/cut');
  });

  after(async () => {
    await browser?.close();
    await services?.stop();
  });

  test('Hotspots: ranked table with bars, cc/cognitive toggle, folder roll-up, treemap by score', async () => {
    await page.goto(`${full.base}/analyses/${fullId}/insights/hotspots`);
    const rows = page.locator('table.hotspots tbody tr');
    await rows.first().waitFor();
    assert.deepEqual(await attrs(rows, 'data-path'), ranked(CC));
    assert.deepEqual(
      await texts(rows.locator('.score-text')),
      ranked(CC).map((p) => score(p, CC).toFixed(2)),
    );
    // core: revisions 7, two of them (c6, c8) within 90 days of c8; churn 22 + 6·3 = 40, 6 within 90 days.
    const core = rows.first().locator('td');
    assert.equal(await core.nth(0).textContent(), '1');
    assert.equal(await core.nth(3).textContent(), '7 (2)');
    assert.equal(await core.nth(4).textContent(), '40 (6)');
    assert.equal(await core.nth(5).textContent(), '16');
    assert.equal(await core.nth(6).textContent(), '40');
    assert.equal(await core.nth(7).locator('li').first().textContent(), 'rules 10');
    // The bar is as long as the score: the worst file fills it.
    const bar = rows.first().locator('.bar-fill');
    assert.match((await bar.getAttribute('style')) ?? '', /^width: 100%;/);
    await page.screenshot({ path: artifactPath('metrics-hotspots.png'), fullPage: true });

    await page.getByLabel('cognitive').check();
    await page.locator(`table.hotspots tbody tr[data-path="${MODELS}"]`).nth(0).waitFor();
    const cogOrder = ranked(COG);
    assert.deepEqual(cogOrder.slice(0, 3), [CORE, MODELS, VIEWS], 'the toggle changes the order');
    await rows
      .nth(1)
      .and(page.locator(`[data-path="${MODELS}"]`))
      .waitFor();
    assert.deepEqual(await attrs(rows, 'data-path'), cogOrder);
    assert.deepEqual(
      await texts(rows.locator('.score-text')),
      cogOrder.map((p) => score(p, COG).toFixed(2)),
    );
    assert.equal(await rows.nth(1).locator('td').nth(5).textContent(), '10');
    assert.equal(await rows.nth(1).locator('td').nth(7).locator('li').first().textContent(), 'save 10');
    await page.getByLabel('cyclomatic').check();
    await rows
      .nth(1)
      .and(page.locator(`[data-path="${VIEWS}"]`))
      .waitFor();

    // Folder roll-up: app/ holds the worst file; its sum is the scores of its five files.
    const folders = page.getByRole('table', { name: 'Folders by hotspot score' }).locator('tbody tr');
    assert.deepEqual(await attrs(folders, 'data-folder'), ['app', 'tools']);
    const appSum = [CORE, VIEWS, MODELS, UTILS, INIT].reduce((s, p) => s + score(p, CC), 0);
    assert.deepEqual(await texts(folders.first().locator('.score-text')), ['1.00', appSum.toFixed(2)]);
    assert.equal(await folders.first().locator('td').nth(3).textContent(), '5');
    assert.deepEqual(await texts(folders.nth(1).locator('.score-text')), [
      score(REPORT, CC).toFixed(2),
      score(REPORT, CC).toFixed(2),
    ]);
    await page.getByRole('button', { name: 'tools/', exact: true }).click();
    await page.locator('.filter-note', { hasText: 'In tools/' }).waitFor();
    await rows
      .first()
      .and(page.locator(`[data-path="${REPORT}"]`))
      .waitFor();
    assert.equal(await rows.count(), 1);
    const cells = page.locator('svg.treemap rect.cell');
    assert.equal(await cells.count(), 1, 'the treemap zooms into the folder');
    await page.getByRole('button', { name: 'Show all folders' }).click();
    await rows.nth(5).waitFor();

    // Treemap coloured by the score; pointing at a cell names its numbers, clicking opens the file.
    assert.equal(await cells.count(), 6);
    const cell = (p: string) => page.locator(`svg.treemap rect[data-path="${p}"]`);
    assert.equal(await cell(CORE).getAttribute('fill'), heatColour(1));
    assert.equal(await cell(VIEWS).getAttribute('fill'), heatColour(score(VIEWS, CC)));
    await cell(VIEWS).hover();
    await page
      .getByText(`${VIEWS}: score ${score(VIEWS, CC).toFixed(2)} (#2), 6 revisions, cyclomatic complexity 11`)
      .waitFor();
    await cell(CORE).click();
    await page.waitForURL(/insights\/hotspots\?file=app%2Fcore\.py$/);
    await page.getByRole('table', { name: `Functions of ${CORE}`, exact: true }).waitFor();
    // The drill-down carries the file's history numbers too (Alice wrote 34 of its 40 changed lines).
    const fact = (k: string) =>
      page.locator('.facts div', { has: page.locator('dt', { hasText: k }) }).locator('dd');
    assert.equal(await fact('Hotspot score').textContent(), '1.00');
    assert.equal(await fact('Churn (lines)').textContent(), '40');
    assert.equal(await fact('Churn, 90 days').textContent(), '6');
    assert.equal(await fact('Main author share').textContent(), '85%');
    assert.equal(await fact('Authors who know it').textContent(), '2');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/insights\/hotspots$/);
  });

  test('Coupling: the strongest pairs as a list and a chord diagram; a file shows its partners', async () => {
    await page.goto(`${full.base}/analyses/${fullId}/insights/coupling`);
    const rows = page.locator('table.coupling tbody tr');
    await rows.first().waitFor();
    const pairs = (await attrs(rows, 'data-pair')).map((p) => p.split('|').sort().join(' + '));
    assert.deepEqual(
      pairs,
      PAIRS.map(([a, b]) => `${a} + ${b}`),
    );
    assert.deepEqual(
      await texts(rows.locator('td:nth-child(4)')),
      PAIRS.map(([, , s]) => String(s)),
    );
    assert.deepEqual(
      await texts(rows.locator('.score-text')),
      PAIRS.map(([a, b, s]) => degree(a, b, s)),
    );
    await page.getByText('files with at least 5 revisions, pairs with at least 3 shared commits').waitFor();
    assert.equal(await page.locator('svg.chord path.chord-arc').count(), 3);
    assert.equal(await page.locator('svg.chord path.ribbon').count(), 3);
    await page.screenshot({ path: artifactPath('metrics-coupling.png'), fullPage: true });

    // Clicking a file on the circle lists its partners and lights its ribbons.
    await clickArc(page, MODELS);
    const partners = page
      .getByRole('table', { name: `Files that change with ${MODELS}` })
      .locator('tbody tr');
    await partners.first().waitFor();
    assert.deepEqual(await attrs(partners, 'data-path'), [CORE, VIEWS]);
    assert.deepEqual(await texts(partners.locator('.score-text')), [
      degree(CORE, MODELS, 5),
      degree(MODELS, VIEWS, 4),
    ]);
    assert.equal(await page.locator('svg.chord path.ribbon.on').count(), 2);
    await page.screenshot({ path: artifactPath('metrics-coupling-partners.png'), fullPage: true });

    // The keyboard does the same: Tab to a file on the circle, Enter shows its partners.
    await page.locator(`svg.chord path.chord-arc[data-path="${CORE}"]`).focus();
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate<string | null>("document.activeElement?.getAttribute('data-path')"),
      [CORE, MODELS, VIEWS][1],
    );
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const corePartners = page.getByRole('table', { name: `Files that change with ${CORE}` });
    await corePartners.waitFor();
    assert.deepEqual(await attrs(corePartners.locator('tbody tr'), 'data-path'), [VIEWS, MODELS]);

    // A file in the list shows its partners too, and "Open file details" opens the drill-down.
    await rows.nth(2).getByRole('button', { name: VIEWS }).click();
    await page.getByRole('table', { name: `Files that change with ${VIEWS}` }).waitFor();
    await page.getByRole('button', { name: 'Open file details' }).click();
    await page.waitForURL(/insights\/coupling\?file=app%2Fviews\.py$/);
    await page.getByRole('table', { name: `Functions of ${VIEWS}`, exact: true }).waitFor();
  });

  test('Knowledge: bus factor, treemap by main author, files at risk', async () => {
    await page.goto(`${full.base}/analyses/${fullId}/insights/knowledge`);
    const kpi = (k: string) => page.locator(`[data-kpi="${k}"] .kpi-value`);
    await kpi('bus-factor').waitFor();
    // Alice and Bob both know core, models, views and utils (Bob wrote 15-25 % of each): losing both
    // orphans 5 of 6 files, losing any one author at most 2; so the bus factor is 2.
    assert.equal(await kpi('bus-factor').textContent(), '2');
    assert.equal(await kpi('authors').textContent(), '3');
    assert.equal(await kpi('at-risk').textContent(), '2');

    // Main authors: Alice of all app/ files, Carol of tools/report.py.
    const fill = (p: string) => page.locator(`svg.treemap rect[data-path="${p}"]`).getAttribute('fill');
    const alice = await fill(CORE);
    for (const p of [VIEWS, MODELS, UTILS, INIT]) assert.equal(await fill(p), alice, p);
    assert.notEqual(await fill(REPORT), alice);
    const legend = page.getByRole('list', { name: 'Main authors' }).locator('li');
    assert.deepEqual((await texts(legend)).slice(0, 2), ['Alice · 5 files', 'Carol · 1 file']);
    // views: Alice wrote 14 + 3·3 = 23 of its 29 changed lines, Bob 6.
    await page.locator(`svg.treemap rect[data-path="${VIEWS}"]`).hover();
    await page
      .getByText(`${VIEWS}: main author Alice (79% of changed lines), 2 of 2 authors know it`)
      .waitFor();
    await page.screenshot({ path: artifactPath('metrics-knowledge.png'), fullPage: true });

    const risk = page.getByRole('table', { name: 'Files at risk' }).locator('tbody tr');
    assert.deepEqual((await attrs(risk, 'data-path')).sort(), [INIT, REPORT]);
    assert.deepEqual(await texts(risk.locator('.score-text')), ['100%', '100%']);
    const folders = page
      .getByRole('table', { name: 'Bus factor by folder, lowest first' })
      .locator('tbody tr');
    assert.deepEqual(await attrs(folders, 'data-folder'), ['tools', 'app']);
    assert.deepEqual(await texts(folders.locator('td:nth-child(2)')), ['1', '2']);
    // Changed lines: Alice 34 + 17 + 23 + 9 + 1, Bob 6 + 3 + 6 + 3, Carol 8.
    const authors = page
      .getByRole('table', { name: 'Authors by files they mainly wrote' })
      .locator('tbody tr');
    assert.deepEqual(await texts(authors), [
      'Alicealice@example.com5 files84',
      'Carolcarol@example.com1 file8',
      'Bobbob@example.com0 files18',
    ]);
    await risk.first().getByRole('button').click();
    await page.waitForURL(/insights\/knowledge\?file=/);
    await page.locator('#detail-title').waitFor();
  });

  test('Heatmap: code age is a colour choice, with the distribution in the legend', async () => {
    await page.goto(`${full.base}/analyses/${fullId}/insights/heatmap`);
    await page.getByLabel('Colour by').selectOption('age');
    // Months before c8 (2025-01-06): core and views 0 (c8), report 1 (c7, Dec 2), utils 2 (c6, Nov 1),
    // models 3 (c5, Oct 1), __init__ 7 (c1, Jun 3).
    const legend = page.getByRole('list', { name: 'Code age legend' }).locator('li');
    await legend.first().getByText('2 files').waitFor();
    assert.deepEqual(await texts(legend), [
      '<1 month · 2 files',
      '1-3 months · 2 files',
      '3-6 months · 1 file',
      '6-12 months · 1 file',
      '1-2 years · 0 files',
      '>2 years · 0 files',
    ]);
    const fill = (p: string) => page.locator(`svg.treemap rect[data-path="${p}"]`).getAttribute('fill');
    assert.equal(await fill(CORE), await fill(VIEWS));
    assert.equal(await fill(UTILS), await fill(REPORT));
    assert.equal(
      new Set([await fill(CORE), await fill(UTILS), await fill(MODELS), await fill(INIT)]).size,
      4,
    );
    await page.locator(`svg.treemap rect[data-path="${MODELS}"]`).hover();
    await page.getByText(`${MODELS}: 20 lines, last changed 3 months ago (2024-10-01)`).waitFor();
    await page.screenshot({ path: artifactPath('metrics-heatmap-age.png'), fullPage: true });
  });

  test('keyboard: Tab reaches the map, arrows move, Enter opens the file, Escape comes back', async () => {
    await page.goto(`${full.base}/analyses/${fullId}/insights/heatmap`);
    await page.getByLabel('Colour by').focus();
    await page.keyboard.press('Tab');
    const active = () => page.evaluate<string | null>("document.activeElement?.getAttribute('data-path')");
    const first = await active();
    assert.ok(first && ALL.includes(first), `Tab lands on a file of the map (${first})`);
    const seen = new Set([first]);
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'End', 'Home', 'ArrowDown']) {
      await page.keyboard.press(key);
      const now = await active();
      assert.ok(now && ALL.includes(now), `${key} keeps focus on a file`);
      seen.add(now);
    }
    assert.ok(seen.size >= 3, `the arrows visit several files (${[...seen].join(', ')})`);
    const chosen = (await active()) ?? '';
    await page.getByText(new RegExp(`^${chosen.replace(/[.]/g, '\\.')}: \\d+ lines`)).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`heatmap\\?file=${encodeURIComponent(chosen).replace(/[.]/g, '\\.')}$`));
    await page.locator('#detail-title').waitFor();
    assert.equal(await page.evaluate<string | null>('document.activeElement?.id'), 'detail-title');
    await page.keyboard.press('Escape');
    await page.waitForURL(/insights\/heatmap$/);
    await page.locator(`svg.treemap [data-path="${chosen}"]:focus`).waitFor();
    assert.equal(await active(), chosen, 'focus is back on the cell that opened the file');

    // The scatter's hottest dots are tab stops too; Enter opens the file.
    await page.getByRole('link', { name: 'Scatter' }).click();
    const dot = page.locator(`svg.scatter circle[data-path="${CORE}"]`);
    await dot.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/scatter\?file=app%2Fcore\.py$/);
  });

  test('shallow clone: every view says the full history is needed, and why', async () => {
    // Two ways to lack the history: a service that clones shallowly (CLONE_SHALLOW=true) and a source
    // repository that is itself shallow, cloned in full. The note shows the reason the service gives.
    const runs = [
      { base: shallow.base, id: shallowId, reason: null },
      { base: full.base, id: shallowSourceId, reason: 'shallow_clone' },
    ] as const;
    for (const run of runs) {
      const api = (await (await fetch(`${run.base}/api/analyses/${run.id}/hotspots`)).json()) as {
        history: { available: boolean; reason: keyof typeof REASON_TEXT };
      };
      assert.equal(api.history.available, false);
      const reason = api.history.reason;
      assert.ok(reason in REASON_TEXT, `a reason is given (${reason})`);
      if (run.reason) assert.equal(reason, run.reason);
      for (const view of ['hotspots', 'coupling', 'knowledge', 'heatmap']) {
        await page.goto(`${run.base}/analyses/${run.id}/insights/${view}`);
        if (view === 'heatmap') await page.getByLabel('Colour by').selectOption('age');
        const note = page.getByRole('note');
        await note.waitFor();
        assert.equal(await note.getAttribute('data-history-reason'), reason, view);
        assert.match(
          (await note.textContent()) ?? '',
          new RegExp(
            `^This view needs the full git history \\(clone with CLONE_SHALLOW=false / history enabled\\)\\.${REASON_TEXT[reason]}`,
          ),
          view,
        );
        if (view === 'hotspots') assert.equal(await page.locator('table.hotspots').count(), 0);
        if (view === 'coupling') assert.equal(await page.locator('svg.chord').count(), 0);
        if (view === 'knowledge') assert.equal(await page.locator('[data-kpi]').count(), 0);
        if (view === 'heatmap') {
          // No ages: every cell is grey rather than a guessed colour.
          const fills = await attrs(page.locator('svg.treemap rect.cell'), 'fill');
          assert.deepEqual([...new Set(fills)], ['#9aa0a6']);
        }
      }
      await page.screenshot({ path: artifactPath(`metrics-insights-${reason}.png`), fullPage: true });
    }
  });

  test('phone width: the views fit 390 px without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      for (const view of ['hotspots', 'coupling', 'knowledge', 'heatmap']) {
        await phone.goto(`${full.base}/analyses/${fullId}/insights/${view}`);
        await phone.locator('svg.treemap, svg.chord').first().waitFor();
        const [scroll = 0, client = 0] = await phone.evaluate<number[]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
        assert.ok(scroll <= client, `${view}: page is ${scroll} px wide in a ${client} px window`);
        await phone.screenshot({ path: artifactPath(`metrics-${view}-phone.png`), fullPage: true });
      }
      // A file's drill-down fits too: its wide tables scroll in their own box.
      await phone.goto(`${full.base}/analyses/${fullId}/insights/hotspots?file=${encodeURIComponent(CORE)}`);
      await phone.getByRole('table', { name: `Functions of ${CORE}`, exact: true }).waitFor();
      const [dw = 0, dcw = 0] = await phone.evaluate<number[]>(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      assert.ok(dw <= dcw, `drill-down: page is ${dw} px wide in a ${dcw} px window`);
      // The dark theme on a phone, chosen from the header as a user would.
      await phone.getByRole('button', { name: 'Switch to dark theme' }).click();
      await phone.goto(`${full.base}/analyses/${fullId}/insights/coupling`);
      await clickArc(phone, CORE);
      await phone.getByRole('table', { name: `Files that change with ${CORE}` }).waitFor();
      await phone.screenshot({ path: artifactPath('metrics-coupling-phone-dark.png'), fullPage: true });
      const [w = 0, cw = 0] = await phone.evaluate<number[]>(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      assert.ok(w <= cw, `coupling with partners: page is ${w} px wide in a ${cw} px window`);
    } finally {
      await phone.close();
    }
    assert.deepEqual(await csp(), []);
  });
});
