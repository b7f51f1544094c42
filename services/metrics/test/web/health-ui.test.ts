// The file view shows the file's and each function's health score with its deductions (issue 35,
// item 6), in Debian's Chromium against the real service.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser } from 'playwright-core';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';
import { startUiService, type UiService } from './ui-service.js';

const IFS = Array.from({ length: 13 }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('');

describe('health score in the file view', { skip: needChromium() || needTool('git') }, () => {
  let fixture: FixtureBase;
  let service: UiService;
  let browser: Browser;
  before(async () => {
    fixture = createFixtureBase('metrics-health-ui-');
    new RepoBuilder(`${fixture.dir}/acme/healthui`, 'main')
      .write('pkg/__init__.py', '')
      .write('pkg/a.py', `def big(x):\n${IFS}    return -1\n\n\ndef small(y):\n    return y\n`)
      .commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    service = await startUiService(fixture, 'metrics-health-ui', {
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

  test('file score, and per function the score and its deductions', async () => {
    const created = await json(
      await postAnalysis(service.base, { repo_url: 'https://github.com/acme/healthui' }),
    );
    assert.equal(created.status, 202);
    const id = (await waitFinished(service.base, created.body.id as number)).id;
    const page = await browser.newPage();
    await page.goto(`${service.base}/analyses/${id}?file=${encodeURIComponent('pkg/a.py')}`);
    const table = page.getByRole('table', { name: 'Health of the functions of pkg/a.py' });
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())),
      );
    // big: cc 14 → −1 (cognitive 13 is free) → 9.0; small: nothing deducted.
    assert.deepEqual(rows, [
      ['big', '9.0', '−1 complexity: cyclomatic complexity 14 > 10'],
      ['small', '10.0', 'nothing deducted'],
    ]);
    // The file: big's −1 weighted by nloc (28 of 30 lines) = −0.93 → 9.1.
    assert.equal(await page.getByTestId('file-health').textContent(), '9.1');
    await page.close();
  });
});
