import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

describe('dashboard: sign-in, API keys, users, audit log', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;

  before(async () => {
    await ensureWebBuild();
    svc = await startMonitor();
    chrome = await startBrowser();
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('the service serves the app, deep links fall back to index.html, hashed assets are cached', async () => {
    const index = await fetch(`${svc.base}/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /text\/html/);
    const html = await index.text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    assert.ok(asset, html);
    const deep = await fetch(`${svc.base}/monitors/42/edit`);
    assert.equal(deep.status, 200);
    assert.equal(await deep.text(), html);
    const js = await fetch(svc.base + asset);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    assert.equal((await fetch(`${svc.base}/assets/missing-1234.js`)).status, 404);
    const api404 = await fetch(`${svc.base}/api/nothing-here`);
    assert.equal(api404.status, 404);
    assert.match(api404.headers.get('content-type') ?? '', /problem\+json/);
    assert.equal(
      (await fetch(`${svc.base}/..%2f..%2fpackage.json`)).headers.get('content-type'),
      'text/html; charset=utf-8',
    );
  });

  test('sign in on a deep link, create an API key and see it once, users, audit log, silent refresh, sign out', async () => {
    const { page, context } = await chrome.open(`${svc.base}/api-keys`);
    await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
    await shot(page, 'login');
    await signIn(page, ADMIN.username, ADMIN.password);
    // The deep link survives the sign-in.
    await page.getByRole('heading', { name: 'API keys' }).waitFor();

    await page.getByLabel('Key name').fill('ci-key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const raw = (await page.getByTestId('raw-key').textContent()) ?? '';
    assert.match(raw, /^mon_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await shot(page, 'api-keys');
    const me = await apiCall<{ username: string; auth_method: string }>(svc.base, raw, 'GET', '/api/auth/me');
    assert.deepEqual([me.username, me.auth_method], ['admin', 'api_key']);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: `${raw.slice(0, 12)}…` }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'ci-key' }).waitFor();
    assert.equal((await page.content()).includes(raw), false, 'the raw key is never shown again');
    // Revoking it takes effect at once.
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByRole('cell', { name: 'No API keys yet.' }).waitFor();
    assert.equal(
      (await fetch(`${svc.base}/api/auth/me`, { headers: { authorization: `Bearer ${raw}` } })).status,
      401,
    );

    // Users: the API's validation message lands next to its field, then a valid user is created.
    await navTo(page, 'Users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('Username').fill('olga');
    await form.getByLabel('Initial password').fill('short');
    await form.getByLabel('Role').selectOption('admin');
    await form.getByRole('button', { name: 'Create user' }).click();
    const pw = form.getByLabel('Initial password');
    await page.locator('input[type=password][aria-invalid=true]').waitFor();
    const described = (await pw.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${described.split(' ').at(-1)}"]`).textContent();
    assert.match(message ?? '', /8|characters|short/i);
    await pw.fill('olga-password-1');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: 'olga', exact: true }).waitFor();
    await shot(page, 'users');

    // A superadmin resets olga's password from the page: her sessions end, the new password works.
    const olgaBefore = await tokenFor(svc.base, 'olga', 'olga-password-1');
    await page.getByRole('row', { name: /olga/ }).getByRole('button', { name: 'Reset password' }).click();
    const setPw = page.getByRole('form', { name: 'Reset password of olga' });
    await setPw.getByLabel('Temporary password for olga').fill('olga-password-2');
    await setPw.getByRole('button', { name: 'Reset password' }).click();
    assert.equal(await page.getByTestId('temporary-password').textContent(), 'olga-password-2');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Password of olga reset').waitFor();
    assert.equal(
      (await fetch(`${svc.base}/api/auth/me`, { headers: { authorization: `Bearer ${olgaBefore}` } })).status,
      401,
      'her old session ended',
    );
    const olgaMe = await apiCall<{ must_change_password: boolean }>(
      svc.base,
      await tokenFor(svc.base, 'olga', 'olga-password-2'),
      'GET',
      '/api/auth/me',
    );
    assert.equal(olgaMe.must_change_password, true);

    // Audit log: filter by an action prefix.
    await navTo(page, 'Audit log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Action').fill('api_key.');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The unfiltered list shows api_key.create too: wait for the filtered answer to replace it.
    const onlyApiKeys = (list: string[]) => list.length > 0 && list.every((a) => a.startsWith('api_key.'));
    let actions: string[] = [];
    for (const end = Date.now() + 15_000; Date.now() < end; ) {
      actions = await page.locator('table.audit tbody td:nth-child(3)').allTextContents();
      if (onlyApiKeys(actions)) break;
      await page.waitForTimeout(100);
    }
    assert.ok(onlyApiKeys(actions), actions.join(','));
    await page.getByLabel('Action').fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('cell', { name: 'user.create' }).first().waitFor();
    await shot(page, 'audit-log');

    // The refresh token is an httpOnly cookie for the auth endpoints only; page scripts and
    // storage never hold it.
    const refreshCookie = async () => (await context.cookies()).find((c) => c.name === 'monitor_refresh');
    const before = await refreshCookie();
    assert.ok(before, 'a refresh cookie was set');
    assert.deepEqual([before.httpOnly, before.sameSite, before.path], [true, 'Strict', '/api/auth']);
    assert.doesNotMatch(await page.evaluate<string>('document.cookie'), /monitor_refresh/);
    const storage = await page.evaluate<string>('JSON.stringify(Object.entries(localStorage))');
    assert.ok(!storage.includes(before.value), 'nothing of the session in localStorage');

    // Signing out elsewhere ends only that session (issue 16): this page carries on untouched.
    const elsewhere = await fetch(`${svc.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }).then((r) => r.json() as Promise<{ access_token: string; refresh_token: string }>);
    const out = await fetch(`${svc.base}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: elsewhere.refresh_token }),
    });
    assert.equal(out.status, 204);
    // A role change made elsewhere ends this page's access token (not its session): the next
    // request is refused, refreshed silently with the cookie and replayed.
    const root = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    await apiCall(svc.base, root, 'POST', '/api/users', {
      username: 'sam',
      password: 'sam-password-1',
      role: 'superadmin',
    });
    const sam = await tokenFor(svc.base, 'sam', 'sam-password-1');
    const adminId = (await apiCall<{ id: number }>(svc.base, root, 'GET', '/api/auth/me')).id;
    await apiCall(svc.base, sam, 'PATCH', `/api/users/${adminId}`, { role: 'admin' });
    await apiCall(svc.base, sam, 'PATCH', `/api/users/${adminId}`, { role: 'superadmin' });
    await navTo(page, 'Users');
    await page.getByRole('cell', { name: /^olga/ }).waitFor();
    const rotated = await refreshCookie();
    assert.notEqual(rotated?.value, before.value, 'the refresh cookie was rotated');
    assert.equal(new URL(page.url()).pathname, '/users', 'still on the same page');

    // A reload starts with no token in memory and gets one with the cookie.
    await page.reload();
    await page.getByRole('cell', { name: /^olga/ }).waitFor();
    const last = (await refreshCookie())!;

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
    assert.equal(await refreshCookie(), undefined, 'sign-out cleared the cookie');
    const reuse = await fetch(`${svc.base}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `monitor_refresh=${last.value}` },
      body: '{}',
    });
    assert.equal(reuse.status, 401, 'sign-out revoked the refresh token');
    await context.close();
  });

  test('keyboard only: sign in, skip to the content, reach the navigation', async () => {
    const { page, context } = await chrome.open(svc.base);
    await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Skip to content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Dashboard');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Incidents' }).waitFor();
    await context.close();
  });

  test('a forced password change comes first; a viewer sees no write controls', async () => {
    const admin = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const vera = await apiCall<{ id: number }>(svc.base, admin, 'POST', '/api/users', {
      username: 'vera',
      password: 'first-password-1',
      role: 'viewer',
    });
    await apiCall(svc.base, admin, 'PATCH', `/api/users/${vera.id}`, { must_change_password: true });

    const { page, context } = await chrome.open(svc.base);
    await signIn(page, 'vera', 'first-password-1');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await shot(page, 'forced-change');
    // The password typed a moment ago is not asked for again; after a reload (nothing typed in
    // this page's life) it is.
    assert.equal(await page.getByLabel('Current password').count(), 0);
    await page.reload();
    await page.getByLabel('Current password').waitFor();
    await page.getByLabel('Current password').fill('first-password-1');
    await page.getByLabel('New password', { exact: true }).fill('vera-own-password');
    await page.getByLabel('Repeat new password').fill('vera-own-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const me = await apiCall<{ must_change_password: boolean }>(
      svc.base,
      await tokenFor(svc.base, 'vera', 'vera-own-password'),
      'GET',
      '/api/auth/me',
    );
    assert.equal(me.must_change_password, false);

    // Read-only: no create buttons, no admin pages in the navigation.
    assert.equal(await page.getByRole('link', { name: 'New monitor' }).count(), 0);
    const nav = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    for (const hidden of ['Users', 'Settings', 'Audit log', 'Import / export'])
      assert.ok(!nav.includes(hidden), nav.join(','));
    await page.getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('heading', { name: 'Notification channels' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'New channel' }).count(), 0);
    const m = await apiCall<{ id: number }>(svc.base, admin, 'POST', '/api/monitors', {
      name: 'Read only',
      monitor_type: 'heartbeat',
    });
    await page.goto(`${svc.base}/monitors/${m.id}`);
    await page.getByRole('heading', { name: 'Read only' }).waitFor();
    for (const action of ['Pause', 'Check now', 'Delete']) {
      assert.equal(await page.getByRole('button', { name: action }).count(), 0, action);
    }
    assert.equal(await page.getByRole('link', { name: 'Edit' }).count(), 0);
    await page.goto(`${svc.base}/users`);
    await page.getByText('cannot open this page').waitFor();
    // The export answers admins only: a viewer on an old link is told so, with no button to refuse.
    await page.goto(`${svc.base}/import-export`);
    await page.getByText('Import and export need the admin role.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Download monitors JSON' }).count(), 0);
    await context.close();
  });
});
