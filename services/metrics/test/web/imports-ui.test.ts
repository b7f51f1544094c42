// The import graph view (issue 35): packages at the top, drill into one, cycles highlighted, the
// edges as CSV; in Debian's Chromium against the real service. Every node and edge is by hand.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, parseCsv, postAnalysis, waitFinished } from '../helpers/service.js';
import { startUiService, type UiService } from './ui-service.js';

// app → pkg.a; pkg.a → pkg.b → pkg.c → pkg.a (a three-module cycle: `from pkg import b` names the
// submodule, `from . import c` too); pkg.sub.x → pkg.a (relative, two levels up) and → pkg.sub.y. The
// packages' empty __init__ modules import nothing and nothing imports them: not in the graph.
const FILES: Record<string, string> = {
  'app.py': 'import pkg.a\n',
  'pkg/__init__.py': '',
  'pkg/a.py': 'from pkg import b\n',
  'pkg/b.py': 'from . import c\n',
  'pkg/c.py': 'import pkg.a\n',
  'pkg/sub/__init__.py': '',
  'pkg/sub/x.py': 'from .. import a\nfrom . import y\n',
  'pkg/sub/y.py': 'Y = 1\n',
};

const rows = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );

describe('import graph view', { skip: needChromium() || needTool('git') }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  before(async () => {
    fixture = createFixtureBase('metrics-imports-ui-');
    const repo = new RepoBuilder(`${fixture.dir}/acme/graph`, 'main');
    for (const [path, text] of Object.entries(FILES)) repo.write(path, text);
    repo.commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    service = await startUiService(fixture, 'metrics-imports-ui', {
      PYLINT_ENABLED: 'false',
      BANDIT_ENABLED: 'false',
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('top level, drill into pkg and pkg.sub, cycle highlighted, CSV of edges', async () => {
    const created = await json(
      await postAnalysis(service.base, { repo_url: 'https://github.com/acme/graph' }),
    );
    assert.equal(created.status, 202);
    const id = (await waitFinished(service.base, created.body.id as number)).id as number;
    const page = await browser.newPage();
    await page.goto(`${service.base}/analyses/${id}`);
    await page.getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('table', { name: 'Imports between them' }).waitFor();
    // The top: app and pkg (in the cycle); one edge, app → pkg.
    assert.deepEqual(await rows(page, 'Packages and modules'), [
      ['app', '1', ''],
      ['pkg', '5', 'yes'],
    ]);
    assert.deepEqual(await rows(page, 'Imports between them'), [['app', 'pkg', '1', '']]);
    assert.equal(await page.locator('[data-node="pkg"].cycle').count(), 1);
    assert.equal(await page.locator('[data-edge="app>pkg"].cycle').count(), 0);

    // Into pkg by its node: a, b, c in the cycle, sub a package; the cycle's edges highlighted.
    await page.locator('[data-node="pkg"]').click();
    await page.waitForURL(/\?package=pkg$/);
    await page.getByRole('link', { name: 'sub' }).waitFor();
    assert.deepEqual(await rows(page, 'Packages and modules'), [
      ['a', '1', 'yes'],
      ['b', '1', 'yes'],
      ['c', '1', 'yes'],
      ['sub', '2', ''],
    ]);
    assert.deepEqual(await rows(page, 'Imports between them'), [
      ['pkg.a', 'pkg.b', '1', 'yes'],
      ['pkg.b', 'pkg.c', '1', 'yes'],
      ['pkg.c', 'pkg.a', '1', 'yes'],
      ['pkg.sub', 'pkg.a', '1', ''],
    ]);
    assert.deepEqual(
      await page.locator('line.edge.cycle').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-edge'))),
      ['pkg.a>pkg.b', 'pkg.b>pkg.c', 'pkg.c>pkg.a'],
    );
    assert.equal(
      await page.getByRole('list', { name: 'Import cycles' }).textContent(),
      '3 modules; shortest: pkg.a → pkg.b → pkg.c → pkg.a',
    );

    // Into pkg.sub by the table's link: x → y only, no cycle; the path leads back.
    await page.getByRole('link', { name: 'sub' }).click();
    await page.waitForURL(/\?package=pkg\.sub$/);
    await page.getByRole('cell', { name: 'pkg.sub.x' }).first().waitFor();
    assert.deepEqual(await rows(page, 'Imports between them'), [['pkg.sub.x', 'pkg.sub.y', '1', '']]);
    assert.equal(await page.locator('.node.cycle, .edge.cycle, tr.in-cycle').count(), 0);
    await page
      .getByRole('navigation', { name: 'Package path' })
      .getByRole('link', { name: 'repository' })
      .click();
    await page.waitForURL(new RegExp(`/analyses/${id}/imports$`));

    // The CSV the view links to: one row per module edge.
    const href = await page.getByRole('link', { name: 'Edges as CSV' }).getAttribute('href');
    const csv = parseCsv(await (await fetch(`${service.base}${href}`)).text());
    assert.deepEqual(
      csv.map((r) => [r.from, r.to, r.line]),
      [
        ['app', 'pkg.a', '1'],
        ['pkg.a', 'pkg.b', '1'],
        ['pkg.b', 'pkg.c', '1'],
        ['pkg.c', 'pkg.a', '1'],
        ['pkg.sub.x', 'pkg.a', '1'],
        ['pkg.sub.x', 'pkg.sub.y', '2'],
      ],
    );
    await page.close();
  });
});
