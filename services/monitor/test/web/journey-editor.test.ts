import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Locator, Page } from 'playwright-core';
import { type JourneySite, startJourneySite } from '../journeys/journey-site.js';
import { shot } from './browser.js';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { apiCall, type RunningMonitor } from './service.js';

// The step editor of browser journeys (issue 32) in Debian's Chromium: steps added, reordered,
// tested once (the form's Test button, the "Run now") with each step's outcome shown, then
// saved; the service runs the journey in its own browser against a site on loopback.

interface Saved {
  id: number;
  name: string;
  steps: { action: string; url?: string | null; selector?: string | null; value?: string | null }[];
  auth: { password: string } | null;
}

describe('the journey step editor', { skip: needChromium() }, () => {
  let session: DashboardSession;
  let svc: RunningMonitor;
  let page: Page;
  let site: JourneySite;

  before(async () => {
    site = await startJourneySite();
    session = await startDashboardSession();
    ({ svc, page } = session);
  });
  after(async () => {
    await session?.close();
    await site?.close();
  });

  const step = (form: Locator, i: number) => form.locator(`li[data-step="${i}"]`);
  /** Fills step i: its action, then its selector and value (or URL, for goto). */
  const setStep = async (form: Locator, i: number, action: string, selector: string, value: string) => {
    const s = step(form, i);
    await s.getByLabel('Action', { exact: true }).selectOption(action);
    if (selector) await s.getByLabel('Selector', { exact: true }).fill(selector);
    await s.getByLabel(action === 'goto' ? 'URL' : 'Value', { exact: true }).fill(value);
  };
  const stepOutcomes = async (form: Locator) => {
    const items = form.getByRole('list', { name: 'Step results' }).getByRole('listitem');
    return Promise.all(
      (await items.all()).map(async (li) => [
        await li.getAttribute('data-step-status'),
        ((await li.textContent()) ?? '').replace(/\d+ ms/, 'N ms'),
      ]),
    );
  };

  test('steps are added, reordered, tested with each outcome shown, and saved in order', async () => {
    await page.goto(`${svc.base}/monitors/new`);
    const form = page.getByRole('form', { name: 'New monitor' });
    await form.getByLabel('Type', { exact: true }).selectOption('browser');
    await form.getByLabel('Name', { exact: true }).fill('Sign-in journey');
    await form.getByLabel('Start URL', { exact: true }).fill(site.url);
    await form.getByLabel('User name ({{auth.username}})', { exact: true }).fill('alice');
    await form.getByLabel('Password ({{auth.password}})', { exact: true }).fill(site.password);

    // Three steps, the last two in the wrong order.
    for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add step' }).click();
    assert.equal(await form.locator('li[data-step]').count(), 3);
    await setStep(form, 0, 'goto', '', '/login');
    await setStep(form, 1, 'expect_title', '', 'Sign in');
    await setStep(form, 2, 'fill', '#user', '{{auth.username}}');
    await step(form, 2).getByRole('button', { name: 'Up' }).click();
    assert.equal(await step(form, 1).getByLabel('Action', { exact: true }).inputValue(), 'fill');
    assert.equal(await step(form, 1).getByLabel('Selector', { exact: true }).inputValue(), '#user');
    assert.equal(await step(form, 2).getByLabel('Action', { exact: true }).inputValue(), 'expect_title');
    assert.equal(await step(form, 0).getByRole('button', { name: 'Up' }).isDisabled(), true);
    assert.equal(await step(form, 2).getByRole('button', { name: 'Down' }).isDisabled(), true);

    // Test runs the journey once: each step's outcome, in order.
    const result = form.getByRole('status', { name: 'Test result' });
    await form.getByRole('button', { name: 'Test', exact: true }).click();
    await result.locator('[data-test-status="up"]').waitFor({ timeout: 30_000 });
    assert.deepEqual(await stepOutcomes(form), [
      ['up', 'up step 1 (goto) N ms'],
      ['up', 'up step 2 (fill) N ms'],
      ['up', 'up step 3 (expect_title) N ms'],
    ]);

    // A wrong title fails at its step, named, with the steps before it up.
    await step(form, 2).getByLabel('Value', { exact: true }).fill('Nope');
    await form.getByRole('button', { name: 'Test', exact: true }).click();
    await result.locator('[data-test-status="down"]').waitFor({ timeout: 30_000 });
    const failed = await stepOutcomes(form);
    assert.deepEqual(
      failed.map(([s]) => s),
      ['up', 'up', 'down'],
    );
    assert.match(failed[2]![1]!, /^down step 3 \(expect_title\) N ms · .*Nope/);
    assert.match((await result.textContent()) ?? '', /step 3 "step 3 \(expect_title\)"/);
    await shot(page, 'journey-editor-tested-down');
    await step(form, 2).getByLabel('Value', { exact: true }).fill('Sign in');

    // Remove and re-add the last step, then save: the order of the editor is the order stored.
    await step(form, 2).getByRole('button', { name: 'Remove' }).click();
    assert.equal(await form.locator('li[data-step]').count(), 2);
    await form.getByRole('button', { name: 'Add step' }).click();
    await setStep(form, 2, 'expect_title', '', 'Sign in');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Sign-in journey' }).waitFor();
    const saved = (await apiCall<Saved[]>(svc.base, session.token, 'GET', '/api/monitors')).find(
      (m) => m.name === 'Sign-in journey',
    )!;
    assert.deepEqual(
      saved.steps.map((s) => [s.action, s.url ?? null, s.selector ?? null, s.value ?? null]),
      [
        ['goto', '/login', null, null],
        ['fill', null, '#user', '{{auth.username}}'],
        ['expect_title', null, null, 'Sign in'],
      ],
    );
    assert.equal(saved.auth?.password, '********');

    // Reopened for editing, the steps come back in order.
    await page.getByRole('link', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit monitor' });
    assert.equal(await step(edit, 1).getByLabel('Selector', { exact: true }).inputValue(), '#user');
    assert.equal(await step(edit, 2).getByLabel('Value', { exact: true }).inputValue(), 'Sign in');
    await shot(page, 'journey-editor-saved');
  });
});
