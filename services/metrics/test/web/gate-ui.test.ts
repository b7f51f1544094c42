// The saved quality gate and the history-run choices in a real Chromium (issue 36): the Insights gate
// view saves a gate and shows the run judged by it; the dashboard shows the verdict and the run's
// exclusions; the home form starts a history run; the trend page offers it as a button.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser, Page } from 'playwright-core';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { waitFinished } from '../helpers/service.js';
import { buildEvolveRepo } from '../trends/evolve-fixture.js';
import { startUiService, type UiService } from './ui-service.js';

const skip = needChromium() || needTool('git');

describe('metrics web UI: saved quality gate, verdict, history runs', { skip }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  let page: Page;
  let id = 0;
  const errors: string[] = [];

  before(async () => {
    fixture = createFixtureBase('metrics-gate-ui-');
    buildEvolveRepo(fixture);
    service = await startUiService(fixture, 'metrics-gate-ui', {
      PYLINT_ENABLED: 'false',
      RUNS_PER_MINUTE_PER_CLIENT: '0',
    });
    const res = await fetch(`${service.base}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: 'https://github.com/acme/evolve', exclude: ['gone.py'] }),
    });
    id = ((await res.json()) as { id: number }).id;
    assert.equal((await waitFinished(service.base, id)).status, 'done');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  test('the gate view saves a gate and shows the run judged by it; the dashboard shows the verdict', async () => {
    await page.goto(`${service.base}/analyses/${id}/insights/gate`);
    const form = page.getByRole('form', { name: 'Saved quality gate' });
    await form.getByLabel('Conditions').fill('cc > 2, mi_avg<0');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Save gate' }).click();
    await page.getByText('Saved for acme/evolve; this run was judged again.').waitFor();
    const verdict = page.getByRole('region', { name: 'Quality gate verdict' });
    await verdict.getByText('Quality gate failed (this repository’s gate): cc>2').waitFor();
    assert.equal(await form.getByLabel('Conditions').inputValue(), 'cc>2, mi_avg<0');
    const saved = (await (await fetch(`${service.base}/api/repositories/acme/evolve/gate`)).json()) as {
      conditions: string[];
      badge_public: boolean;
    };
    assert.deepEqual(saved, { ...saved, conditions: ['cc>2', 'mi_avg<0'], badge_public: true });
    await page.goto(`${service.base}/analyses/${id}`);
    await page.locator('[data-verdict="failed"]').getByText('Quality gate failed').waitFor();
    const left = await page.locator('[data-exclusions]').textContent();
    assert.match(left ?? '', /Left out: test files; the request's globs gone\.py\./);
    assert.deepEqual(errors, []);
  });

  test('the trend page starts a history run with a button; the home form offers one too', async () => {
    await page.goto(`${service.base}/analyses/${id}/insights/trend`);
    await page.getByRole('button', { name: 'Measure the last 50 commits (history run)' }).click();
    await page.waitForURL((u) => /\/analyses\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${id}`));
    const fromTrend = Number(new URL(page.url()).pathname.split('/').at(-1));
    const run = (await (await fetch(`${service.base}/api/analyses/${fromTrend}`)).json()) as {
      settings: { history_run: { commits: number } | null; exclude: string[] };
    };
    assert.equal(run.settings.history_run?.commits, 50);
    assert.deepEqual(run.settings.exclude, ['gone.py'], 'the history run keeps the run’s exclusions');
    await waitFinished(service.base, fromTrend);

    await page.goto(`${service.base}/`);
    await page.getByLabel('Repository URL').fill('https://github.com/acme/evolve');
    await page.getByLabel('Tag or commit (optional)').fill('v1');
    // The form offers the last run's globs again (gone.py); this run leaves out another file instead.
    await page.getByText(/As in run #\d+ of this repository/).waitFor();
    await page.getByLabel('Exclude (optional)').fill('fresh.py');
    await page.getByRole('radio', { name: /Also measure the last/ }).check();
    await page.getByLabel('Number of earlier commits').fill('2');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.waitForURL((u) => /\/analyses\/\d+$/.test(u.pathname));
    const fromHome = Number(new URL(page.url()).pathname.split('/').at(-1));
    const home = (await (await fetch(`${service.base}/api/analyses/${fromHome}`)).json()) as {
      ref: string;
      settings: { history_run: { commits: number } | null };
    };
    assert.equal(home.ref, 'v1');
    assert.equal(home.settings.history_run?.commits, 2);
    await waitFinished(service.base, fromHome);
    // The home run left out fresh.py, the earlier runs gone.py: trend and compare say so.
    await page.goto(`${service.base}/analyses/${fromHome}/insights/trend`);
    const note = page.locator('[data-settings-differ]');
    await note.waitFor();
    assert.match(
      (await note.textContent()) ?? '',
      /used 2 different settings.*left out test files, request (gone|fresh)\.py.*left out test files, request (fresh|gone)\.py/s,
    );
    await page.goto(`${service.base}/compare/${id}/${fromHome}`);
    await page
      .locator('[data-settings-differ]')
      .getByText(/These runs used different settings/)
      .waitFor();
    // Each run left out a file the other measured: listed apart, not as added or removed.
    const apart = await page
      .locator('[data-excluded-files] li')
      .evaluateAll((li) => li.map((e) => e.getAttribute('data-path')));
    assert.deepEqual(apart, ['fresh.py', 'gone.py']);
    assert.equal(await page.locator('tr[data-path="fresh.py"], tr[data-path="gone.py"]').count(), 0);
    assert.deepEqual(errors, []);
  });
});
