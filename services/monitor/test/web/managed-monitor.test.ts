import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { apiCall } from './service.js';

describe('a monitor from a config file: a badge where it is shown, a warning where it is edited', {
  skip: needChromium(),
}, () => {
  let s: DashboardSession;
  before(async () => {
    s = await startDashboardSession();
  });
  after(async () => {
    await s?.close();
  });

  test('the list and the detail page badge it; its edit form warns that the next apply undoes edits', async () => {
    const { svc, token, page } = s;
    const document = [
      'version: 1',
      'monitors:',
      '  - key: from-file',
      '    name: Filed monitor',
      '    monitor_type: tcp',
      "    url: '127.0.0.1:9'",
      '    paused: true',
    ].join('\n');
    const applied = await apiCall<{ applied: boolean }>(svc.base, token, 'POST', '/api/config/apply', {
      document,
    });
    assert.equal(applied.applied, true);
    const byHand = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
      name: 'Hand monitor',
      monitor_type: 'tcp',
      url: '127.0.0.1:9',
    });
    const list = await apiCall<{ id: number; name: string; config_key: string | null }[]>(
      svc.base,
      token,
      'GET',
      '/api/monitors',
    );
    const filed = list.find((m) => m.name === 'Filed monitor')!;
    assert.equal(filed.config_key, 'from-file');
    assert.equal(list.find((m) => m.id === byHand.id)!.config_key, null);

    await page.goto(svc.base);
    const row = (name: string) =>
      page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name }) });
    await row('Filed monitor').locator('.chip-managed').waitFor();
    assert.equal(await row('Filed monitor').locator('.chip-managed').textContent(), 'config file');
    await row('Hand monitor').waitFor();
    assert.equal(await row('Hand monitor').locator('.chip-managed').count(), 0);

    await page.goto(`${svc.base}/monitors/${filed.id}`);
    await page.getByRole('heading', { name: 'Filed monitor' }).waitFor();
    assert.equal(await page.locator('.chip-managed').count(), 1);

    await page.goto(`${svc.base}/monitors/${filed.id}/edit`);
    const warning = page.getByTestId('managed-warning');
    await warning.waitFor();
    assert.match(
      String(await warning.textContent()),
      /key from-file.*next apply of that file undoes changes made here/,
    );
    await page.goto(`${svc.base}/monitors/${byHand.id}/edit`);
    await page.getByRole('form', { name: 'Edit monitor' }).waitFor();
    assert.equal(await page.getByTestId('managed-warning').count(), 0);
  });
});
