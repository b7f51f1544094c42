import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import { codeAt, freshStep } from '../two-factor/totp-fixture.js';
import { type BrowserSession, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

const CURL = 'curl/8.11.1';

/** Signs in through the API as a client with the given user agent; the access token. */
async function signInAs(base: string, username: string, password: string, userAgent: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ username, password }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

const status = async (base: string, token: string) =>
  (await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

// The account page's sessions and the users screen's password reset and role confirmation, in a
// real Chromium against the real service (issue 16, items 3 and 4).
describe('dashboard: account sessions, password reset, role confirmation', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let admin: string;

  before(async () => {
    await ensureWebBuild();
    svc = await startMonitor();
    chrome = await startBrowser();
    admin = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    for (const username of ['greta', 'hugo']) {
      await apiCall(svc.base, admin, 'POST', '/api/users', {
        username,
        password: `${username}-password-1`,
        role: 'viewer',
      });
    }
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('the account page lists the sessions; one is signed out, then all others', async () => {
    const script = await signInAs(svc.base, 'greta', 'greta-password-1', CURL);
    const { page } = await chrome.open(`${svc.base}/account`);
    await signIn(page, 'greta', 'greta-password-1');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    const panel = page.getByRole('region', { name: 'Sessions' });
    const here = panel.getByRole('row', { name: /this session/ });
    await here.waitFor();
    assert.match((await here.textContent()) ?? '', /Chrome on Linux.*127\.0\.0\.1.*Password/);
    const curlRow = panel.getByRole('row', { name: /curl/ });
    assert.match((await curlRow.textContent()) ?? '', /curl.*127\.0\.0\.1/);
    // A viewer has no API keys: the page says so instead of failing.
    await page.getByText('API keys are available to admins and superadmins.').waitFor();
    await shot(page, 'account-sessions');

    await curlRow.getByRole('button', { name: 'Sign out' }).click();
    await curlRow.getByRole('button', { name: 'Yes, sign out' }).click();
    await page.getByText('curl was signed out.').waitFor();
    // The list is read again after the notice: the row goes once the answer is in.
    await panel.getByRole('row', { name: /curl/ }).waitFor({ state: 'detached' });
    assert.equal(await status(svc.base, script), 401, 'the script’s access token ended');

    const others = [
      await signInAs(svc.base, 'greta', 'greta-password-1', CURL),
      await signInAs(svc.base, 'greta', 'greta-password-1', 'Mozilla/5.0 (iPhone) Safari/604.1'),
    ];
    await page.reload();
    await panel.getByRole('row', { name: /Safari on iOS/ }).waitFor();
    await panel.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await panel.getByRole('button', { name: 'Yes, sign out all other sessions' }).click();
    await page.getByText('2 other sessions were signed out.').waitFor();
    for (const t of others) assert.equal(await status(svc.base, t), 401);
    // The browser's own session goes on: the list still loads, with only this session in it.
    await page.reload();
    await here.waitFor();
    assert.equal(await panel.locator('tbody tr').count(), 1);
  });

  test('a superadmin resets a password (shown once), confirms a role change; the user must change it', async () => {
    const before = await signInAs(svc.base, 'hugo', 'hugo-password-1', CURL);
    const { page } = await chrome.open(`${svc.base}/users`);
    await signIn(page, ADMIN.username, ADMIN.password);
    const row = page.getByRole('row', { name: /hugo/ });
    await row.waitFor();
    // No 2FA on hugo: no button to remove it.
    assert.equal(await row.getByRole('button', { name: 'Remove 2FA' }).count(), 0);

    await row.getByRole('button', { name: 'Reset password' }).click();
    const form = page.getByRole('form', { name: 'Reset password of hugo' });
    await form.getByRole('button', { name: 'Reset password' }).click();
    const temp = (await page.getByTestId('temporary-password').textContent()) ?? '';
    assert.match(temp, /^[A-Za-z0-9]{20}$/);
    await shot(page, 'users-reset-password');
    assert.equal(await status(svc.base, before), 401, 'hugo’s old session ended');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Password of hugo reset').waitFor();
    await row.getByText('must change password').waitFor();
    assert.equal((await page.content()).includes(temp), false, 'shown once');

    // A role change waits for a confirmation; Cancel changes nothing.
    const role = row.getByLabel('Role of hugo');
    await role.selectOption('admin');
    await row.getByText('Make hugo admin?').waitFor();
    const roleOfHugo = async () =>
      (await apiCall<{ username: string; role: string }[]>(svc.base, admin, 'GET', '/api/users')).find(
        (u) => u.username === 'hugo',
      )?.role;
    assert.equal(await roleOfHugo(), 'viewer');
    await row.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await role.inputValue(), 'viewer');
    await role.selectOption('admin');
    await row.getByRole('button', { name: 'Yes, make admin' }).click();
    await page.getByText('hugo is now admin.').waitFor();
    assert.equal(await roleOfHugo(), 'admin');

    // Hugo signs in with the temporary password and must choose his own first.
    const { page: hugo } = await chrome.open(`${svc.base}/`);
    await signIn(hugo, 'hugo', temp);
    await hugo.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    assert.equal(
      await hugo.getByLabel('Current password').count(),
      0,
      'the password just typed is not asked again',
    );
    await hugo.getByLabel('New password', { exact: true }).fill('hugo-own-password');
    await hugo.getByLabel('Repeat new password').fill('hugo-own-password');
    await hugo.getByRole('button', { name: 'Change password' }).click();
    await hugo.locator('.topbar').waitFor();
    assert.equal(await status(svc.base, await tokenFor(svc.base, 'hugo', 'hugo-own-password')), 200);
  });

  test('turning two-factor on from the account page says On beside the recovery codes, buttons apart', async () => {
    await apiCall(svc.base, admin, 'POST', '/api/users', {
      username: 'ines',
      password: 'ines-password-1',
      role: 'viewer',
    });
    const { page, context } = await chrome.open(`${svc.base}/account`);
    await signIn(page, 'ines', 'ines-password-1');
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.locator('[data-two-factor="off"]').waitFor();
    await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = ((await panel.locator('.totp-secret').textContent()) ?? '').trim();
    await freshStep(20_000);
    await panel.getByLabel('Code from the app').fill(await codeAt(secret));
    await panel.getByRole('button', { name: 'Turn on' }).click();
    await panel.getByRole('list', { name: 'Recovery codes' }).waitFor();
    // The panel says what is true: two-factor is on from here, codes saved or not.
    assert.equal(await panel.locator('[data-two-factor="off"]').count(), 0);
    assert.match((await panel.locator('[data-two-factor="on"]').textContent()) ?? '', /^On/);
    const copy = (await panel.getByRole('button', { name: 'Copy codes' }).boundingBox())!;
    const saved = (await panel.getByRole('button', { name: 'I have saved them' }).boundingBox())!;
    const apart = saved.y >= copy.y + copy.height || saved.x - (copy.x + copy.width);
    assert.ok(apart === true || (typeof apart === 'number' && apart >= 6), `the buttons touch (${apart})`);
    await shot(page, 'account-two-factor-on');
    await panel.getByRole('button', { name: 'I have saved them' }).click();
    await panel.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();
    await context.close();
  });

  test('a superadmin removes the two-factor sign-in of a user who lost their phone', async () => {
    const greta = await tokenFor(svc.base, 'greta', 'greta-password-1');
    const { secret } = await apiCall<{ secret: string }>(
      svc.base,
      greta,
      'POST',
      '/api/auth/two-factor/enrol',
    );
    await apiCall(svc.base, greta, 'POST', '/api/auth/two-factor/confirm', { code: await codeAt(secret) });
    const gretaRow = async () =>
      (
        await apiCall<{ username: string; two_factor_enabled: boolean }[]>(
          svc.base,
          admin,
          'GET',
          '/api/users',
        )
      ).find((u) => u.username === 'greta');
    assert.equal((await gretaRow())?.two_factor_enabled, true);

    const { page } = await chrome.open(`${svc.base}/users`);
    await signIn(page, ADMIN.username, ADMIN.password);
    const row = page.getByRole('row', { name: /greta/ });
    await row.getByRole('button', { name: 'Remove 2FA' }).click();
    await row.getByText('Remove two-factor sign-in of greta?').waitFor();
    await row.getByRole('button', { name: 'Yes, remove 2fa' }).click();
    await page.getByText('greta signs in without a second factor now.').waitFor();
    assert.equal((await gretaRow())?.two_factor_enabled, false);
    assert.equal(await row.getByRole('button', { name: 'Remove 2FA' }).count(), 0);
  });
});
