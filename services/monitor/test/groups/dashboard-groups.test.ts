import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type DashboardSession, startDashboardSession } from '../web/dashboard-session.js';
import { apiCall } from '../web/service.js';

interface Monitor {
  id: number;
  name: string;
  current_status: string;
  group_id: number | null;
  tags: { name: string; value: string | null }[];
}

/** Polls `fn` until it holds, failing with `what` after `ms`. */
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const row = (page: Page, name: string) =>
  page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name, exact: true }) });
const shownNames = async (page: Page) =>
  (await page.locator('.mrow[data-monitor-id] .mrow-name > a').allTextContents()).sort();
const headings = (page: Page) => page.locator('.group-heading .group-title').allTextContents();

describe('dashboard: group sections, tag and group filters, bulk bar, clone, group and tags in the form', {
  skip: needChromium(),
}, () => {
  let s: DashboardSession;
  let page: Page;
  const ids: Record<string, number> = {};
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(s.svc.base, s.token, method, path, body);
  const monitor = (name: string) => call<Monitor>('GET', `/api/monitors/${ids[name]}`);

  before(async () => {
    s = await startDashboardSession();
    page = s.page;
    const prod = await call<{ id: number }>('POST', '/api/groups', { name: 'Prod' });
    const eu = await call<{ id: number }>('POST', '/api/groups', { name: 'EU', parent_id: prod.id });
    await call('POST', '/api/tags', { name: 'env', color: '#22aa44' });
    const up = { url: `${s.target.origin}/ok`, check_interval_seconds: 3600 };
    for (const [name, extra] of [
      ['alpha', { group_id: eu.id, tags: [{ name: 'env', value: 'prod' }] }],
      ['bravo', { group_id: prod.id, tags: [{ name: 'env', value: 'staging' }] }],
      ['charlie', {}],
    ] as const) {
      ids[name] = (await call<Monitor>('POST', '/api/monitors', { name, ...up, ...extra })).id;
    }
    await call('POST', `/api/monitors/${ids.bravo}/pause`);
    await until('alpha up', async () => (await monitor('alpha')).current_status === 'up');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  });
  after(async () => {
    await s?.close();
  });

  test('sections by group in tree order with rolled-up status; collapsing is remembered across a reload', async () => {
    await row(page, 'alpha').waitFor();
    assert.deepEqual(await headings(page), ['Prod', 'Prod / EU', 'No group']);
    // Rows among headings still load their recent checks (histories load for rows in view).
    await row(page, 'alpha').locator('.cell-up').first().waitFor();
    const prod = page.locator('.group-heading', { has: page.locator('.group-title', { hasText: /^Prod$/ }) });
    // Prod holds bravo (paused) and, through EU, alpha (up): the checked one decides.
    assert.equal(await prod.locator('.badge').getAttribute('data-status'), 'up');
    const eu = page.locator('.group-heading').filter({ hasText: 'Prod / EU' });
    await eu.getByRole('button', { name: /Prod \/ EU/ }).click();
    await until('alpha hidden', async () => (await row(page, 'alpha').count()) === 0);
    assert.equal(await eu.getByRole('button').getAttribute('aria-expanded'), 'false');
    await page.reload();
    await row(page, 'bravo').waitFor();
    assert.equal(await row(page, 'alpha').count(), 0, 'still collapsed after a reload');
    await page.locator('.group-heading').filter({ hasText: 'Prod / EU' }).getByRole('button').click();
    await row(page, 'alpha').waitFor();
    // The flat list has no headings.
    await page.getByLabel('Layout').selectOption('flat');
    await until('no headings', async () => (await headings(page)).length === 0);
    assert.match(page.url(), /layout=flat/);
    await page.getByLabel('Layout').selectOption('groups');
  });

  test('a tag chip filters by name:value, the group filter takes subgroups, both live in the URL', async () => {
    await row(page, 'alpha').getByRole('link', { name: 'env:prod' }).click();
    await until('only alpha', async () => (await shownNames(page)).join() === 'alpha');
    assert.match(page.url(), /\?tag=env%3Aprod$/);
    await page.getByLabel('Tag', { exact: true }).selectOption('env');
    await until('alpha and bravo', async () => (await shownNames(page)).join() === 'alpha,bravo');
    await page.getByLabel('Tag', { exact: true }).selectOption('');
    await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Prod' });
    await until('Prod and below', async () => (await shownNames(page)).join() === 'alpha,bravo');
    await page.getByLabel('Group', { exact: true }).selectOption('none');
    await until('no group', async () => (await shownNames(page)).join() === 'charlie');
    assert.match(page.url(), /group=none/);
    await page.getByLabel('Group', { exact: true }).selectOption('');
    await until('all three', async () => (await shownNames(page)).length === 3);
  });

  test('bulk bar: pause two, move to a group, delete one after confirming', async () => {
    await page.getByRole('checkbox', { name: 'Select alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select charlie' }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByLabel('Bulk action').selectOption('pause');
    await bar.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Paused 2 monitors.').waitFor();
    assert.equal((await monitor('alpha')).current_status, 'paused');
    assert.equal((await monitor('charlie')).current_status, 'paused');
    await until(
      'rows show paused',
      async () => (await row(page, 'charlie').getAttribute('data-status')) === 'paused',
    );

    await page.getByRole('checkbox', { name: 'Select charlie' }).check();
    await bar.getByLabel('Bulk action').selectOption('move_to_group');
    await bar.getByLabel('Target group').selectOption({ label: 'Prod / EU' });
    await bar.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Moved 1 monitor.').waitFor();
    assert.equal((await monitor('charlie')).group_id, (await monitor('alpha')).group_id);
    await until('No group section gone', async () => !(await headings(page)).includes('No group'));

    await page.getByRole('checkbox', { name: 'Select charlie' }).check();
    await bar.getByLabel('Bulk action').selectOption('delete');
    await bar.getByRole('button', { name: 'Delete' }).click();
    await bar.getByText('Delete 1 monitor and their history?').waitFor();
    assert.equal(
      (await call<Monitor[]>('GET', '/api/monitors')).length,
      3,
      'nothing deleted before confirming',
    );
    await bar.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Deleted 1 monitor.').waitFor();
    await until('charlie gone', async () => (await row(page, 'charlie').count()) === 0);
    assert.deepEqual((await call<Monitor[]>('GET', '/api/monitors')).map((m) => m.name).sort(), [
      'alpha',
      'bravo',
    ]);
  });

  test('the form edits group and tags; clone on the detail page opens the copy', async () => {
    await page.goto(`${s.svc.base}/monitors/${ids.bravo}/edit`);
    const form = page.getByRole('form', { name: 'Edit monitor' });
    await form.getByLabel('Group', { exact: true }).selectOption({ label: 'Prod / EU' });
    await form.getByRole('button', { name: 'Add tag' }).click();
    await form.getByLabel('Tag 2 name').fill('team');
    await form.getByLabel('Tag 2 value').fill('web');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'bravo', exact: true }).waitFor();
    const bravo = await monitor('bravo');
    assert.equal(bravo.group_id, (await monitor('alpha')).group_id);
    assert.deepEqual(
      bravo.tags.map((t) => [t.name, t.value]),
      [
        ['env', 'staging'],
        ['team', 'web'],
      ],
    );

    const facts = page.locator('dl.facts');
    await facts.getByRole('link', { name: 'Prod / EU' }).waitFor();
    await facts.getByRole('link', { name: 'team:web' }).waitFor();
    await page.getByRole('button', { name: 'Clone' }).click();
    await page.getByRole('heading', { name: 'bravo (copy)' }).waitFor();
    const copy = (await call<Monitor[]>('GET', '/api/monitors')).find((m) => m.name === 'bravo (copy)')!;
    assert.match(page.url(), new RegExp(`/monitors/${copy.id}$`));
    assert.deepEqual([copy.group_id, copy.tags.length, copy.current_status], [bravo.group_id, 2, 'paused']);
  });

  test('groups and tags page: create a subgroup and a tag, recolour it, delete a group after confirming', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups & tags' }).click();
    const newGroup = page.getByRole('form', { name: 'New group' });
    await newGroup.getByLabel('Group name').fill('Staging');
    await newGroup.getByLabel('Parent group').selectOption({ label: 'Prod' });
    await newGroup.getByRole('button', { name: 'Create group' }).click();
    const groups = page.getByRole('table', { name: 'Groups' });
    await groups.getByRole('link', { name: 'Staging' }).waitFor();
    const dup = page.getByRole('form', { name: 'New group' });
    await dup.getByLabel('Group name').fill('Staging');
    await dup.getByLabel('Parent group').selectOption({ label: 'Prod' });
    await dup.getByRole('button', { name: 'Create group' }).click();
    await dup.getByText('A group named "Staging" exists at that level.').waitFor();
    // Names in tree order: Prod, then what is below it.
    assert.deepEqual(await groups.locator('tbody tr td:first-child').allTextContents(), [
      'Prod',
      'EU',
      'Staging',
    ]);

    const newTag = page.getByRole('form', { name: 'New tag' });
    await newTag.getByLabel('Tag name').fill('owner');
    await newTag.getByRole('button', { name: 'Create tag' }).click();
    const tagRow = page.getByRole('table', { name: 'Tags' }).locator('tr', { hasText: 'owner' });
    await tagRow.waitFor();
    await tagRow.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit tag owner' });
    await edit.getByLabel('Colour').fill('#ff8800');
    await edit.getByRole('button', { name: 'Save tag' }).click();
    await until('recoloured', async () =>
      (await call<{ name: string; color: string }[]>('GET', '/api/tags')).some(
        (t) => t.name === 'owner' && t.color === '#ff8800',
      ),
    );

    const staging = groups.locator('tr', { hasText: 'Staging' });
    await staging.getByRole('button', { name: 'Delete' }).click();
    await staging.getByText('Delete Staging? Its monitors and subgroups move up to its parent.').waitFor();
    await staging.getByRole('button', { name: 'Yes, delete' }).click();
    await until(
      'Staging gone',
      async () => (await groups.getByRole('link', { name: 'Staging' }).count()) === 0,
    );
    assert.deepEqual((await call<{ name: string }[]>('GET', '/api/groups')).map((g) => g.name).sort(), [
      'EU',
      'Prod',
    ]);
  });
});
