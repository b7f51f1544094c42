import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort, needChromium } from '@app/kit/testing';
import { type BrowserSession, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, type RunningMonitor, startMonitor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';
import { ROLE_MAP } from './oidc-fixture.js';
import { CLIENT, startTestIdp, type TestIdp } from './test-idp.js';

/** A monitor process at a known address (PUBLIC_URL must name it before it starts). */
async function monitorFor(idp: TestIdp, port: number, env: Record<string, string> = {}) {
  return startMonitor(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_ROLE_MAP: ROLE_MAP,
      OIDC_SCOPES: 'openid profile email groups',
      OIDC_DISPLAY_NAME: 'Test IdP',
      // Every request logged: the client secret and the codes must still be in no line.
      LOG_LEVEL: 'debug',
      ...env,
    },
    { dataDir: mkdtempSync(join(tmpdir(), 'mon-oidc-')), port },
  );
}

// Issue 16 item 2 in the browser: the button, the provider's page, the dashboard signed in.
describe('dashboard: single sign-on', { skip: needChromium() }, () => {
  let idp: TestIdp;
  let open: RunningMonitor;
  let closed: RunningMonitor;
  let chrome: BrowserSession;
  const codes: string[] = [];

  before(async () => {
    await ensureWebBuild();
    idp = await startTestIdp();
    const [a, b] = [await freePort(), await freePort()];
    idp.register(
      `http://127.0.0.1:${a}/api/auth/oidc/callback`,
      `http://127.0.0.1:${b}/api/auth/oidc/callback`,
    );
    idp.accounts.set('grace-sub', { preferred_username: 'grace', groups: ['monitor-admins'] });
    idp.accounts.set('henry-sub', { preferred_username: 'henry', groups: ['interns'] });
    open = await monitorFor(idp, a);
    closed = await monitorFor(idp, b, { PASSWORD_LOGIN: 'disabled', BREAK_GLASS_USERNAME: ADMIN.username });
    chrome = await startBrowser();
  });
  after(async () => {
    await chrome?.close();
    await open?.stop();
    await closed?.stop();
    await idp?.close();
  });

  const signInAtIdp = async (page: import('playwright-core').Page, account: string) => {
    page.on('request', (r) => {
      const code = new URL(r.url()).searchParams.get('code');
      if (code) codes.push(code);
    });
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.getByRole('heading', { name: 'Test IdP sign-in' }).waitFor();
    await page.getByLabel('Account').fill(account);
    await page.getByRole('button', { name: 'Continue at Test IdP' }).click();
  };

  test('"Sign in with Test IdP" goes to the provider and lands on the dashboard signed in', async () => {
    const { page, context } = await chrome.open(open.base);
    await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
    // Passwords are on here: the form is there too.
    await page.getByLabel('Password').waitFor();
    await shot(page, 'sso-login');
    await signInAtIdp(page, 'grace-sub');
    await page.locator('.topbar').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(new URL(page.url()).search, '', 'no token or code in the address');
    assert.equal(await page.locator('.whoami').textContent(), 'grace');
    assert.equal(await page.locator('.whoami').getAttribute('title'), 'Signed in as grace (admin)');
    // A reload stays signed in: the session is the refresh cookie, as for a password sign-in.
    await page.reload();
    await page.locator('.topbar').waitFor();
    const cookies = await context.cookies(`${open.base}/api/auth/refresh`);
    const refresh = cookies.find((c) => c.name === 'monitor_refresh');
    assert.deepEqual([refresh?.httpOnly, refresh?.sameSite, refresh?.path], [true, 'Strict', '/api/auth']);
    await shot(page, 'sso-dashboard');
    await context.close();
  });

  test('a provider account with no mapped role is sent back with a clear message', async () => {
    const { page, context } = await chrome.open(open.base);
    await signInAtIdp(page, 'henry-sub');
    await page.getByRole('alert').filter({ hasText: 'Your account has no role in this monitor' }).waitFor();
    assert.equal(new URL(page.url()).search, '', 'the code is taken out of the address');
    await page.getByRole('heading', { name: 'Sign in to Monitor' }).waitFor();
    await context.close();
  });

  test('with passwords off only the button shows; the break-glass link opens the form', async () => {
    const { page, context } = await chrome.open(closed.base);
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor();
    assert.equal(await page.getByLabel('Password').count(), 0);
    await shot(page, 'sso-only');
    await page.getByRole('button', { name: 'Break-glass sign-in' }).click();
    await signIn(page, ADMIN.username, ADMIN.password);
    assert.equal(await page.locator('.whoami').textContent(), ADMIN.username);
    await context.close();
  });

  test('the logs carry neither the client secret nor an authorization code', () => {
    assert.ok(codes.length > 0, 'the browser saw the callback');
    assert.ok(open.proc.output().includes('/api/auth/oidc/callback'), 'requests are logged');
    for (const svc of [open, closed]) {
      const out = svc.proc.output();
      assert.ok(!out.includes(CLIENT.secret));
      for (const code of codes) assert.ok(!out.includes(code), 'an authorization code was logged');
    }
  });
});
