import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

/** Whether the running service has this API yet (areas land one by one). */
async function has(base: string, token: string, path: string): Promise<boolean> {
  return (await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })).status !== 404;
}

describe('dashboard: channels, maintenance, settings', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;
  let receiver: Server;
  let receiverUrl = '';
  const received: { path: string; body: string }[] = [];

  before(async () => {
    await ensureWebBuild();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', body });
        res.writeHead(req.url === '/broken' ? 500 : 200).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('a webhook channel: a 422 at its field, then created, and Test shows what the receiver did', async (t) => {
    if (!(await has(svc.base, token, '/api/channels'))) return t.skip('the channels API has not landed yet');
    await nav(page, 'Channels').click();
    await page.getByRole('button', { name: 'New channel' }).click();
    const form = page.getByRole('form', { name: 'New channel' });
    await form.getByLabel('Channel name').fill('ops-hook');
    await form.getByLabel('Channel type').selectOption('webhook');
    // Only the webhook's fields are shown.
    assert.equal(await form.getByLabel('Bot token').count(), 0);
    await form.getByLabel('URL').fill('not a url');
    await form.getByRole('button', { name: 'Create channel' }).click();
    const url = form.getByLabel('URL');
    await page.locator('form input[aria-invalid=true]').first().waitFor();
    assert.equal(await url.getAttribute('aria-invalid'), 'true');
    await url.fill(`${receiverUrl}/hook`);
    await form.getByLabel(/Signing secret/).fill('s3cret-value');
    await form.getByRole('button', { name: 'Create channel' }).click();
    const row = page.getByRole('row', { name: /ops-hook/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Test' }).click();
    await row.getByText('Test message delivered.').waitFor({ timeout: 20_000 });
    const hit = received.find((r) => r.path === '/hook');
    assert.ok(hit, 'the receiver got the test message');
    assert.equal((JSON.parse(hit.body) as { event: string }).event, 'test');

    // A receiver that fails: the button shows the provider's error.
    await apiCall(svc.base, token, 'POST', '/api/channels', {
      name: 'broken-hook',
      type: 'webhook',
      config: { url: `${receiverUrl}/broken` },
    });
    await page.reload();
    const broken = page.getByRole('row', { name: /broken-hook/ });
    await broken.getByRole('button', { name: 'Test' }).click();
    await broken.getByText(/Test failed: .*500/).waitFor({ timeout: 20_000 });
    await broken.getByRole('button', { name: 'deliveries' }).click();
    const log = page.getByRole('table', { name: 'Deliveries of broken-hook' });
    // The test message went through the normal delivery path: its failed attempt is in the log.
    await log.getByRole('row', { name: /test.*failed.*500/ }).waitFor();
    await shot(page, 'channels');
  });

  test('a one-off maintenance window for a monitor, in effect now', async (t) => {
    if (!(await has(svc.base, token, '/api/maintenance')))
      return t.skip('the maintenance API has not landed yet');
    await apiCall(svc.base, token, 'POST', '/api/monitors', {
      name: 'Nightly job',
      monitor_type: 'heartbeat',
      check_interval_seconds: 3600,
    });
    await nav(page, 'Maintenance').click();
    await page.getByRole('button', { name: 'New window' }).click();
    const form = page.getByRole('form', { name: 'New maintenance window' });
    await form.getByLabel('Window name').fill('Database upgrade');
    const later = new Date(Date.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await form
      .getByLabel('Ends')
      .fill(
        `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`,
      );
    // The scope is an explicit choice: "Chosen monitors" with none ticked is refused, not "every".
    const scope = form.getByRole('group', { name: 'Applies to' });
    assert.equal(await scope.getByLabel(/All monitors/).isChecked(), true);
    await scope.getByLabel('Chosen monitors').check();
    await form.getByRole('button', { name: 'Create window' }).click();
    await scope.getByRole('alert').getByText('Tick at least one monitor').waitFor();
    assert.deepEqual(await apiCall(svc.base, token, 'GET', '/api/maintenance'), []);
    await scope.getByRole('list', { name: 'Monitors in the window' }).getByLabel('Nightly job').check();
    await form.getByRole('button', { name: 'Create window' }).click();
    const row = page.getByRole('row', { name: /Database upgrade/ });
    await row.getByText('Nightly job').waitFor();
    await row.getByText('in effect').waitFor();

    // A recurring window: a cron start and a duration, in a time zone.
    await page.getByRole('button', { name: 'New window' }).click();
    const weekly = page.getByRole('form', { name: 'New maintenance window' });
    await weekly.getByLabel('Window name').fill('Sunday backups');
    await weekly.getByLabel('Recurring (cron schedule)').check();
    await weekly.getByLabel('Cron (occurrence start)').fill('bad cron');
    await weekly.getByRole('button', { name: 'Create window' }).click();
    await weekly.locator('input[aria-invalid=true]').first().waitFor();
    await weekly.getByLabel('Cron (occurrence start)').fill('30 2 * * 0');
    await weekly.getByLabel('Duration (minutes)').fill('90');
    await weekly.getByLabel('Time zone').fill('Europe/Paris');
    await weekly.getByRole('button', { name: 'Create window' }).click();
    const sunday = page.getByRole('row', { name: /Sunday backups/ });
    await sunday.getByText('30 2 * * 0').waitFor();
    await sunday.getByText('All monitors').waitFor();
    const windows = await apiCall<{ name: string; monitor_ids: number[] }[]>(
      svc.base,
      token,
      'GET',
      '/api/maintenance',
    );
    assert.deepEqual(windows.map((w) => [w.name, w.monitor_ids.length]).sort(), [
      ['Database upgrade', 1],
      ['Sunday backups', 0],
    ]);
    await shot(page, 'maintenance');
  });

  test('settings: a 422 next to its field, then saved', async (t) => {
    if (!(await has(svc.base, token, '/api/settings'))) return t.skip('the settings API has not landed yet');
    await navTo(page, 'Settings');
    const form = page.getByRole('form', { name: 'Settings' });
    const days = form.getByLabel('Keep raw check results (days)');
    await days.fill('0');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('form input[aria-invalid=true]').first().waitFor();
    assert.equal(await days.getAttribute('aria-invalid'), 'true');
    await days.fill('30');
    await form.getByLabel('Dashboard address').fill('https://status.example.test');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const saved = await apiCall<{ data_retention_days: number; app_base_url: string }>(
      svc.base,
      token,
      'GET',
      '/api/settings',
    );
    assert.deepEqual([saved.data_retention_days, saved.app_base_url], [30, 'https://status.example.test']);
    await shot(page, 'settings');
  });

  test('settings: subscriptions pick an enabled e-mail channel from a list, or off', async (t) => {
    if (!(await has(svc.base, token, '/api/settings'))) return t.skip('the settings API has not landed yet');
    const mail = { to: 'ops@example.test', from: 'status@example.test', host: '127.0.0.1', port: 2525 };
    const on = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/channels', {
      name: 'status-mail',
      type: 'email',
      config: mail,
    });
    await apiCall(svc.base, token, 'POST', '/api/channels', {
      name: 'old-mail',
      type: 'email',
      config: mail,
      is_enabled: false,
    });
    await page.goto(`${svc.base}/`);
    await navTo(page, 'Settings');
    const form = page.getByRole('form', { name: 'Settings' });
    const pick = form.getByLabel('Status page subscriptions');
    await pick.locator('option', { hasText: 'status-mail' }).waitFor({ state: 'attached' });
    // Only enabled e-mail channels: not the disabled one, not the webhook from the first test.
    assert.deepEqual(await pick.locator('option').allTextContents(), ['Off', 'status-mail']);
    assert.equal(await pick.inputValue(), '');
    assert.match((await pick.getAttribute('aria-describedby')) ?? '', /hint/);
    const hint = await page.locator(`[id="${await pick.getAttribute('aria-describedby')}"]`).textContent();
    assert.match(hint ?? '', /app_base_url/);
    await pick.selectOption({ label: 'status-mail' });
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const saved = await apiCall<{ status_subscriptions_channel_id: number | null }>(
      svc.base,
      token,
      'GET',
      '/api/settings',
    );
    assert.equal(saved.status_subscriptions_channel_id, on.id);
    await pick.selectOption({ label: 'Off' });
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const cleared = await apiCall<{ status_subscriptions_channel_id: number | null }>(
      svc.base,
      token,
      'GET',
      '/api/settings',
    );
    assert.equal(cleared.status_subscriptions_channel_id, null);
  });
});
