import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

interface Page_ {
  id: number;
  slug: string;
  title: string;
  is_public: boolean;
  uptime_days: number;
  sections: { name: string; monitor_ids: number[] }[];
}

describe('dashboard: status pages', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;
  const ids: Record<string, number> = {};

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    for (const name of ['Checkout', 'Search', 'Login']) {
      ids[name] = (
        await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
          name,
          monitor_type: 'heartbeat',
          check_interval_seconds: 86400,
        })
      ).id;
    }
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('an admin lays out a public page, orders its monitors, and its public data answers', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status pages' }).click();
    await page.getByText('No status pages yet.').waitFor();
    await page.getByRole('button', { name: 'New status page' }).click();
    const form = page.getByRole('form', { name: 'New status page' });
    await form.getByLabel('Title').fill('Acme Status');
    // The slug follows the title.
    assert.equal(await form.getByLabel('Slug').inputValue(), 'acme-status');
    await form.getByLabel('Description').fill('How our shop is doing');
    await form.getByLabel('Uptime window').selectOption('30');
    await form.getByLabel(/^Public/).check();
    await form.getByLabel('Section 1 name').fill('Shop');
    const add = form.getByLabel('Add a monitor to Shop');
    for (const name of ['Checkout', 'Search', 'Login']) {
      await add.selectOption({ label: name });
      await form.getByRole('button', { name: 'Add monitor' }).click();
    }
    await form.getByRole('button', { name: 'Move Login up' }).click();
    await form.getByRole('button', { name: 'Remove Checkout' }).click();
    await form.getByRole('button', { name: 'Add section' }).click();
    await form.getByLabel('Section 2 name').fill('Accounts');
    await form.getByLabel('Add a monitor to Accounts').selectOption({ label: 'Checkout' });
    await form.getByRole('button', { name: 'Add monitor' }).nth(1).click();
    await shot(page, 'status-pages-form');
    await form.getByRole('button', { name: 'Create page' }).click();

    const row = page.getByRole('row', { name: /Acme Status/ });
    await row.waitFor();
    const link = row.getByRole('link', { name: '/status/acme-status' });
    assert.equal(await link.getAttribute('href'), '/status/acme-status');
    await shot(page, 'status-pages-list');

    const [saved] = await apiCall<Page_[]>(svc.base, token, 'GET', '/api/status-pages');
    assert.ok(saved);
    assert.equal(saved.slug, 'acme-status');
    assert.equal(saved.is_public, true);
    assert.equal(saved.uptime_days, 30);
    assert.deepEqual(saved.sections, [
      { name: 'Shop', monitor_ids: [ids.Login, ids.Search] },
      { name: 'Accounts', monitor_ids: [ids.Checkout] },
    ]);

    // What the public page is built from, without signing in.
    const res = await fetch(`${svc.base}/api/public/status-pages/acme-status`);
    assert.equal(res.status, 200);
    const view = (await res.json()) as {
      title: string;
      sections: { name: string; monitors: { name: string }[] }[];
    };
    assert.equal(view.title, 'Acme Status');
    assert.deepEqual(
      view.sections.map((s) => [s.name, s.monitors.map((m) => m.name)]),
      [
        ['Shop', ['Login', 'Search']],
        ['Accounts', ['Checkout']],
      ],
    );
  });

  test('on a phone the screen and its editor fit the width', async () => {
    const phone = await chrome.open(`${svc.base}/status-pages`, { width: 390, height: 844 });
    try {
      await signIn(phone.page, ADMIN.username, ADMIN.password);
      await phone.page.getByRole('button', { name: 'New status page' }).click();
      await phone.page.getByRole('form', { name: 'New status page' }).waitFor();
      const overflow = await phone.page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
      await shot(phone.page, 'status-pages-phone');
    } finally {
      await phone.context.close();
    }
  });

  test('a slug in use is reported, an edit is saved, and delete asks first', async () => {
    await page.getByRole('button', { name: 'New status page' }).click();
    const form = page.getByRole('form', { name: 'New status page' });
    await form.getByLabel('Title').fill('Acme Status');
    await form.getByRole('button', { name: 'Create page' }).click();
    await form.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    const row = page.getByRole('row', { name: /Acme Status/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Acme Status' });
    await edit.getByLabel('Title').fill('Acme');
    await edit.getByRole('button', { name: 'Remove Accounts' }).click();
    await edit.getByRole('button', { name: 'Save page' }).click();
    await page.getByRole('row', { name: /^Acme \/status\/acme-status/ }).waitFor();
    const [saved] = await apiCall<Page_[]>(svc.base, token, 'GET', '/api/status-pages');
    assert.equal(saved?.title, 'Acme');
    assert.equal(saved?.slug, 'acme-status', 'the slug does not follow a title edit');
    assert.deepEqual(
      saved?.sections.map((s) => s.name),
      ['Shop'],
    );

    const edited = page.getByRole('row', { name: /acme-status/ });
    await edited.getByRole('button', { name: 'Delete' }).click();
    await edited.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No status pages yet.').waitFor();
    assert.deepEqual(await apiCall(svc.base, token, 'GET', '/api/status-pages'), []);
    assert.equal((await fetch(`${svc.base}/api/public/status-pages/acme-status`)).status, 404);
  });
});
