// The run's page shows what the run took from the caches (issue 38): the repository mirror, the
// contents and pylint's per-file results, from the record's `cache`, in Debian's Chromium against the
// real service. The second run, a commit later, lints only the changed module and its importer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium, needChromium, needTool } from '@app/kit/testing';
import type { Browser } from 'playwright-core';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';
import { startUiService, type UiService } from './ui-service.js';

describe('cache figures on the run page', {
  skip: needChromium() || needTool('git') || needTool('pylint'),
}, () => {
  let fixture: FixtureBase;
  let repo: RepoBuilder;
  let service: UiService;
  let browser: Browser;

  before(async () => {
    fixture = createFixtureBase('metrics-cache-ui-');
    repo = new RepoBuilder(`${fixture.dir}/acme/cacheui`, 'main')
      .write('pkg/__init__.py', '"""Package."""\n')
      .write('pkg/base.py', '"""Base."""\n\nVALUE = 1\n')
      .write('pkg/user.py', '"""User."""\nfrom pkg.base import VALUE\n\nTWICE = VALUE * 2\n')
      .write('pkg/alone.py', '"""Alone."""\n\nONE = 1\n');
    repo.commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    service = await startUiService(fixture, 'metrics-cache-ui', {
      BANDIT_ENABLED: 'false',
      PYLINT_JOBS: '1',
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    fixture?.cleanup();
  });

  const analyze = async (): Promise<number> => {
    const created = await json(
      await postAnalysis(service.base, { repo_url: 'https://github.com/acme/cacheui' }),
    );
    assert.equal(created.status, 202);
    const done = await waitFinished(service.base, created.body.id as number);
    assert.equal(done.status, 'done');
    return done.id as number;
  };

  /** The cache panel of run `id`, opened: its title and its figures. */
  async function panel(id: number): Promise<{ title: string; facts: Record<string, string> }> {
    const page = await browser.newPage();
    await page.goto(`${service.base}/analyses/${id}`);
    const summary = page.locator('details.cache-figures summary');
    await summary.click();
    const facts = await page
      .getByRole('definition')
      .locator('xpath=..')
      .evaluateAll((divs) =>
        divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
      );
    const title = (await summary.textContent()) ?? '';
    await page.close();
    return { title, facts: Object.fromEntries(facts.filter(([k]) => k !== '')) };
  }

  test('mirror, contents and pylint files reused, as the record says', async () => {
    const first = await analyze();
    const one = await panel(first);
    assert.equal(one.title, 'Cache: mirror created · pylint 0 of 4 files reused');
    assert.equal(one.facts['Repository mirror'], 'created (first fetch)');
    assert.equal(one.facts['pylint files linted'], '4');

    repo.write('pkg/base.py', '"""Base."""\n\nVALUE = 3\n');
    repo.commit('second', { author: ALICE, date: '2024-01-02T00:00:00Z' });
    const second = await analyze();
    const record = await json<{ cache: Record<string, unknown> }>(
      await fetch(`${service.base}/api/analyses/${second}`),
    );
    assert.deepEqual(record.body.cache.pylint_files, { reused: 2, linted: 2 });
    const two = await panel(second);
    assert.equal(two.title, 'Cache: mirror reused · pylint 2 of 4 files reused');
    assert.deepEqual(
      [
        two.facts['Repository mirror'],
        two.facts['Contents from the cache'],
        two.facts['Contents measured'],
        two.facts['pylint files reused'],
        two.facts['pylint files linted'],
      ],
      ['reused (fetched what was new)', '3', '1', '2', '2'],
    );
  });
});
