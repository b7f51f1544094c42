// Run management in a real Chromium: queue place, the linting note, cancel, retry and delete; the
// remembered exclusions; the file panel beside the table; every page within a 390 px phone.

import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { artifactPath, launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { buildSmallRepo } from '../helpers/small-repo.js';
import { startUiService, type UiService } from './ui-service.js';

const skip = needChromium() || needTool('git') || needTool('pylint');

/** Polls `probe` until it holds (what the page shows settles a moment after the action). */
async function until(what: string, probe: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('metrics web UI: runs', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  let page: Page;
  let work: string;
  let hang: string;
  const errors: string[] = [];

  before(async () => {
    fixture = createFixtureBase('metrics-runs-ui-');
    buildSmallRepo(fixture);
    buildSmallRepo(fixture, 'other');
    work = mkdtempSync(join(tmpdir(), 'metrics-runs-ui-'));
    // pylint itself, unless the `hang` file exists: then it never ends (the run waits in `linting`).
    hang = join(work, 'hang');
    const pylint = join(work, 'pylint');
    writeFileSync(pylint, `#!/bin/sh\nif [ -f '${hang}' ]; then exec sleep 120; fi\nexec pylint "$@"\n`);
    chmodSync(pylint, 0o755);
    writeFileSync(hang, '');
    service = await startUiService(fixture, 'metrics-runs-ui', {
      PYLINT_COMMAND: pylint,
      WORKER_CONCURRENCY: '1',
      RUNS_PER_MINUTE_PER_CLIENT: '0',
    });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 600 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const api = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${service.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const heading = () => page.locator('#progress-title');

  test('a run waiting on pylint says so; the next one shows its place, is cancelled and retried', async () => {
    await page.goto(service.base);
    await page.getByLabel('Repository URL').fill('https://github.com/acme/small');
    await page.getByLabel('Exclude (optional)').fill('util.py');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.waitForURL(/\/analyses\/1$/);
    await page.getByText('pylint is still running').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('li[data-stage="linting"]').getAttribute('aria-current'), 'step');

    const queued = (await (
      await api('/api/analyses', 'POST', { repo_url: 'https://github.com/acme/other' })
    ).json()) as {
      id: number;
    };
    await page.goto(`${service.base}/analyses/${queued.id}`);
    assert.equal(await heading().textContent(), 'Queued');
    await page.getByText('Next in the queue').waitFor();
    await page.screenshot({ path: artifactPath('metrics-run-queued.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('heading', { name: 'The analysis was cancelled' }).waitFor();
    assert.equal(await page.locator('h1 .badge').textContent(), 'cancelled');

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(/\/analyses\/3$/);
    await page.getByText('Next in the queue').waitFor();
    const retried = (await (await api('/api/analyses/3')).json()) as { repo_url: string; status: string };
    assert.equal(retried.repo_url, 'https://github.com/acme/other');
    assert.equal(retried.status, 'pending');
  });

  test('cancelling the running run lets the queue move; delete asks first and removes the run', async () => {
    await page.goto(`${service.base}/analyses/1`);
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('heading', { name: 'The analysis was cancelled' }).waitFor();
    // Run 3 now runs and waits on pylint in its turn: let pylint through and let it finish.
    unlinkSync(hang);
    await api('/api/analyses/3/cancel', 'POST');
    const next = (await (await api('/api/analyses/3/retry', 'POST')).json()) as { id: number };
    await page.goto(`${service.base}/analyses/${next.id}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor({ timeout: 120_000 });

    await page.goto(`${service.base}/analyses/1`);
    await page.getByRole('button', { name: 'Delete run' }).click();
    await page.getByText('Delete run #1 with its results and files?').waitFor();
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal((await api('/api/analyses/1')).status, 200);
    await page.getByRole('button', { name: 'Delete run' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL(`${service.base}/`);
    assert.equal((await api('/api/analyses/1')).status, 404);
    await page.getByRole('table', { name: 'Recent runs' }).waitFor();
    assert.equal(await page.locator('table[aria-label="Recent runs"] a[href="/analyses/1"]').count(), 0);
  });

  test('the exclusions of a repository are filled in from its last run', async () => {
    // Run 1 (acme/small, exclude util.py) is gone: analyse it once more with that exclusion.
    const created = (await (
      await api('/api/analyses', 'POST', { repo_url: 'https://github.com/acme/small', exclude: ['util.py'] })
    ).json()) as { id: number };
    await page.goto(service.base);
    const exclude = page.getByLabel('Exclude (optional)');
    await page.getByLabel('Repository URL').fill('https://github.com/acme/small');
    await page.getByText(`As in run #${created.id} of this repository.`).waitFor();
    assert.equal(await exclude.inputValue(), 'util.py');
    // Another repository without exclusions clears what was filled in, not what the user typed.
    await page.getByLabel('Repository URL').fill('https://github.com/acme/other');
    await until('the exclusions to clear', async () => (await exclude.inputValue()) === '');
    await exclude.fill('legacy');
    await page.getByLabel('Repository URL').fill('https://github.com/acme/small');
    await page.waitForTimeout(600);
    assert.equal(await exclude.inputValue(), 'legacy');
    await api(`/api/analyses/${created.id}/cancel`, 'POST');
  });

  test('the file panel opens beside the table, keeps the page where it was and gives focus back', async () => {
    const runs = (await (await api('/api/analyses?limit=100')).json()) as { id: number; status: string }[];
    const done = runs.find((r) => r.status === 'done')!;
    await page.goto(`${service.base}/analyses/${done.id}`);
    await page.getByLabel('Search files by path').fill('no-such-file');
    await page.getByText('No files match: change the search or the filters.').waitFor();
    await page.getByLabel('Search files by path').fill('');
    const row = page.getByRole('button', { name: 'calc.py' });
    await row.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
    await row.click();
    const panel = page.locator('.files-area.with-panel > .detail');
    await panel.waitFor();
    const [tableBox, panelBox] = [
      await page.locator('table.files').locator('xpath=..').boundingBox(),
      await panel.boundingBox(),
    ];
    assert.ok(
      tableBox && panelBox && panelBox.x >= tableBox.x + tableBox.width,
      `the panel is beside the table: ${JSON.stringify({ tableBox, panelBox })}`,
    );
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY),
      scrollBefore,
    );
    await page.screenshot({ path: artifactPath('metrics-file-panel.png') });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await until('focus back on the row', async () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
            .activeElement?.textContent === 'calc.py',
      ),
    );
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY),
      scrollBefore,
    );
  });

  test('every page fits a 390 px phone', async () => {
    const runs = (await (await api('/api/analyses?limit=100')).json()) as { id: number; status: string }[];
    const done = runs.find((r) => r.status === 'done')!;
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    const widths: Record<string, number> = {};
    for (const [name, path] of [
      ['home', '/'],
      ['dashboard', `/analyses/${done.id}`],
      ['file panel', `/analyses/${done.id}?file=calc.py`],
      ['trend', `/analyses/${done.id}/insights/trend`],
      ['hotspots', `/analyses/${done.id}/insights/hotspots`],
      ['cancelled run', `/analyses/2`],
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
    assert.deepEqual(
      Object.entries(widths).filter(([, w]) => w > 390),
      [],
      `pages wider than the phone: ${JSON.stringify(widths)}`,
    );
    await phone.close();
    assert.deepEqual(errors, []);
  });
});
