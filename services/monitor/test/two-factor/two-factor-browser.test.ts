import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';
import { codeAt, freshStep } from './totp-fixture.js';

const DORA = { username: 'dora', password: 'Correct-Horse-Browser-Staple-1' };

/** The password step of the sign-in page, up to the code step. */
async function passwordStep(page: Page) {
  await page.getByLabel('Username').fill(DORA.username);
  await page.getByLabel('Password').fill(DORA.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
}

describe('dashboard: required two-factor, enrolling with the QR code, signing in with a code', {
  skip: needChromium(),
}, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  before(async () => {
    await ensureWebBuild();
    svc = await startMonitor();
    chrome = await startBrowser();
    const root = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    await apiCall(svc.base, root, 'POST', '/api/users', { ...DORA, role: 'admin' });
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('a superadmin requires two-factor for admins in the settings screen', async () => {
    const { page, context } = await chrome.open(`${svc.base}/settings`);
    await signIn(page, ADMIN.username, ADMIN.password);
    const group = page.getByRole('group', { name: 'Require two-factor sign-in for' });
    await group.getByLabel('admin', { exact: true }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const root = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const settings = await apiCall<{ two_factor_required_roles: string[] }>(
      svc.base,
      root,
      'GET',
      '/api/settings',
    );
    assert.deepEqual(settings.two_factor_required_roles, ['admin']);
    await context.close();
  });

  test('an admin enrols on the forced screen, keeps the recovery codes, then signs in with a code and a recovery code', async () => {
    const { page, context } = await chrome.open(svc.base);
    const csp = await watchCsp(page);
    await page.reload();
    await page.getByLabel('Username').fill(DORA.username);
    await page.getByLabel('Password').fill(DORA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The data: SVG is allowed by the CSP and really renders (a blocked image has no size).
    assert.ok((await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0);
    const secret = ((await page.locator('.totp-secret').textContent()) ?? '').trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await shot(page, 'two-factor-enrol');

    await freshStep(20_000);
    const from = Date.now();
    await page.getByLabel('Code from the app').fill(await codeAt(secret, 0, from));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
    assert.equal(codes.length, 10);
    await page.getByRole('button', { name: 'Copy codes' }).waitFor();
    await shot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.locator('.topbar').waitFor();

    // Sign-in now asks for the code; the enrolment's code is spent, the next one works.
    await signOut(page);
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(await codeAt(secret, 0, from));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await page.getByLabel('Authentication code').fill(await codeAt(secret, 1, from));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.topbar').waitFor();
    await page.goto(`${svc.base}/account`);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();

    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.topbar').waitFor();
    await page.goto(`${svc.base}/account`);
    await page.getByText('9 of 10 recovery codes left.', { exact: false }).waitFor();
    await shot(page, 'two-factor-account');
    assert.deepEqual(await csp(), []);
    await context.close();
  });
});
