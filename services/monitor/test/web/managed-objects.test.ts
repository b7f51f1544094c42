import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { apiCall } from './service.js';

// Every kind a config file declares shows it in the dashboard (monitors: managed-monitor.test.ts):
// here a status page, a maintenance window, a channel and a group, each beside one made by hand.

const document = [
  'version: 1',
  'groups:',
  '  - { key: filed-group, name: Filed group }',
  'channels:',
  '  - { key: filed-hook, name: Filed hook, type: webhook, config: { url: "http://127.0.0.1:9/hook" } }',
  'monitors:',
  '  - { key: filed, name: Filed monitor, monitor_type: tcp, url: "127.0.0.1:9", paused: true, group: filed-group }',
  'maintenance:',
  '  - { key: nightly, name: Filed window, starts_at: "2030-01-01T02:00:00Z", recurrence: { cron: "0 2 * * *", duration_minutes: 30 }, monitors: [filed] }',
  'status_pages:',
  '  - { key: public, slug: filed, title: Filed page, sections: [{ name: Core, monitors: [filed] }] }',
].join('\n');

describe('objects from a config file: a badge where they are listed, a warning where they are edited', {
  skip: needChromium(),
}, () => {
  let s: DashboardSession;
  before(async () => {
    s = await startDashboardSession();
    const { svc, token } = s;
    const applied = await apiCall<{ applied: boolean }>(svc.base, token, 'POST', '/api/config/apply', {
      document,
    });
    assert.equal(applied.applied, true);
    await apiCall(svc.base, token, 'POST', '/api/status-pages', { slug: 'hand', title: 'Hand page' });
    await apiCall(svc.base, token, 'POST', '/api/maintenance', {
      name: 'Hand window',
      starts_at: '2031-01-01T00:00:00Z',
      ends_at: '2031-01-01T01:00:00Z',
    });
    await apiCall(svc.base, token, 'POST', '/api/groups', { name: 'Hand group' });
    await apiCall(svc.base, token, 'POST', '/api/channels', {
      name: 'Hand hook',
      type: 'webhook',
      config: { url: 'http://127.0.0.1:9/hand' },
    });
  });
  after(async () => {
    await s?.close();
  });
  const row = (text: string) => s.page.locator('tr', { hasText: text });

  /** The badge on the filed object's row and none on the hand-made one's, then the edit warning. */
  async function check(path: string, filed: string, hand: string, warning?: RegExp) {
    const { page, svc } = s;
    await page.goto(`${svc.base}${path}`);
    await row(filed).getByTestId('managed-badge').waitFor();
    assert.equal(await row(filed).getByTestId('managed-badge').textContent(), 'config file');
    await row(hand).waitFor();
    assert.equal(await row(hand).getByTestId('managed-badge').count(), 0);
    if (!warning) return;
    await row(hand).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('form').first().waitFor();
    assert.equal(await page.getByTestId('managed-warning').count(), 0, 'no warning for what no file made');
    await page.goto(`${svc.base}${path}`);
    await row(filed).getByRole('button', { name: 'Edit' }).click();
    const shown = page.getByTestId('managed-warning');
    await shown.waitFor();
    assert.match(String(await shown.textContent()), warning);
  }

  test('status pages', async () => {
    await check(
      '/status-pages',
      'Filed page',
      'Hand page',
      /This status page comes from a config file \(key public\).*next apply of that file undoes changes made here/,
    );
  });

  test('maintenance windows', async () => {
    await check(
      '/maintenance',
      'Filed window',
      'Hand window',
      /This maintenance window comes from a config file \(key nightly\)/,
    );
  });

  test('channels and groups', async () => {
    await check('/channels', 'Filed hook', 'Hand hook');
    await check('/groups', 'Filed group', 'Hand group');
  });
});
