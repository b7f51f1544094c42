import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

describe('dashboard: template editor with preview, escalation policies, incident notes', {
  skip: needChromium(),
}, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;
  let channelId: number;
  let monitorId: number;
  let incidentId: number;
  let csp: () => Promise<unknown[]>;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    channelId = (
      await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/channels', {
        name: 'pager-hook',
        type: 'webhook',
        config: { url: 'http://127.0.0.1:9/hook' },
      })
    ).id;
    const m = await apiCall<{ id: number; heartbeat_token: string }>(
      svc.base,
      token,
      'POST',
      '/api/monitors',
      {
        name: 'Nightly export',
        monitor_type: 'heartbeat',
        check_interval_seconds: 86400,
      },
    );
    monitorId = m.id;
    // A failure report opens the incident at once.
    await fetch(`${svc.base}/api/heartbeat/${m.heartbeat_token}/fail`, { method: 'POST' });
    for (let i = 0; ; i++) {
      const list = await apiCall<{ id: number }[]>(
        svc.base,
        token,
        'GET',
        `/api/incidents?monitor_id=${m.id}`,
      );
      if (list[0]) {
        incidentId = list[0].id;
        break;
      }
      if (i > 100) throw new Error('no incident');
      await new Promise((r) => setTimeout(r, 100));
    }
    page = (await chrome.open(svc.base)).page;
    csp = await watchCsp(page);
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('the template editor refuses an unknown variable, previews a sample incident and saves', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels' }).click();
    await page
      .getByRole('row', { name: /pager-hook/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = page.getByRole('region', { name: 'Message templates' });
    await editor.getByLabel('Event').selectOption('escalation');
    await editor.locator('[data-field="template-kind"]').getByText('Built-in message').waitFor();
    // The down event's built-in message says "Built-in message" too: wait until the escalation
    // event's own text has loaded, or it lands after the fill below and overwrites it.
    // (a string, evaluated in the page: the test's own types have no DOM)
    await page.waitForFunction(
      "[...document.querySelectorAll('input')].some((i) => i.value.startsWith('[ESCALATED]'))",
    );
    await editor.getByLabel('Title').fill('PAGE {{escalation.step}}: {{monitor.nmae}}');
    await editor.getByLabel('Body').fill('{{monitor.name}} is still down after {{incident.duration}}.');
    await editor.getByRole('button', { name: 'Preview' }).click();
    await editor.getByText('unknown variable "monitor.nmae"').waitFor();
    assert.equal(await editor.getByRole('region', { name: 'Preview' }).count(), 0);

    await editor.getByLabel('Title').fill('PAGE {{escalation.step}}/{{escalation.steps}}: {{monitor.name}}');
    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.getByRole('region', { name: 'Preview' });
    await preview.waitFor();
    assert.equal(
      await preview.locator('[data-field="preview-title"]').textContent(),
      'PAGE 2/3: Checkout API',
    );
    assert.equal(
      await preview.locator('[data-field="preview-body"]').textContent(),
      'Checkout API is still down after 12m 34s.',
    );
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByText('Template saved.').waitFor();
    await editor.locator('[data-field="template-kind"]').getByText('Custom template').waitFor();
    const saved = await apiCall<{ title: string; custom: boolean }>(
      svc.base,
      token,
      'GET',
      `/api/channels/${channelId}/templates/escalation`,
    );
    assert.deepEqual(saved, {
      ...saved,
      title: 'PAGE {{escalation.step}}/{{escalation.steps}}: {{monitor.name}}',
      custom: true,
    });
    await shot(page, 'template-editor');
  });

  test('an admin creates an escalation policy and picks it on the monitor form', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Escalation' }).click();
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New policy' });
    await form.getByLabel('Policy name').fill('Night shift');
    const step = form.getByRole('group', { name: 'Step 1' });
    await step.getByLabel('After (minutes)').fill('10');
    await step.getByLabel('pager-hook (webhook)').check();
    await form.getByRole('button', { name: 'Create policy' }).click();
    const row = page
      .getByRole('table', { name: 'Escalation policies' })
      .getByRole('row', { name: /Night shift/ });
    await row.getByText('after 10 min → pager-hook').waitFor();

    await page.goto(`${svc.base}/monitors/${monitorId}/edit`);
    await page.getByLabel('Escalation policy').selectOption({ label: 'Night shift' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${svc.base}/monitors/${monitorId}`);
    const m = await apiCall<{ escalation_policy_id: number | null }>(
      svc.base,
      token,
      'GET',
      `/api/monitors/${monitorId}`,
    );
    const [p] = await apiCall<{ id: number }[]>(svc.base, token, 'GET', '/api/escalation-policies');
    assert.equal(m.escalation_policy_id, p!.id);
  });

  test('notes form a timeline on the incident page', async () => {
    await page.goto(`${svc.base}/incidents/${incidentId}`);
    await page.getByRole('heading', { name: `Incident #${incidentId}` }).waitFor();
    await page.getByText('No notes yet.').waitFor();
    const form = page.getByRole('form', { name: 'Add a note' });
    await form.getByRole('button', { name: 'Add note' }).click();
    await form.getByText('must not be blank').waitFor();
    await form.getByLabel('Note').fill('Export host rebooted; watching the next run.');
    await form.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText('Export host rebooted; watching the next run.').waitFor();
    assert.match((await notes.locator('li').first().textContent()) ?? '', new RegExp(`· ${ADMIN.username}`));
    assert.equal(await form.getByLabel('Note').inputValue(), '');
    const stored = await apiCall<{ text: string; author: string }[]>(
      svc.base,
      token,
      'GET',
      `/api/incidents/${incidentId}/notes`,
    );
    assert.deepEqual(
      stored.map((n) => [n.author, n.text]),
      [[ADMIN.username, 'Export host rebooted; watching the next run.']],
    );
    await shot(page, 'incident-notes');
    assert.deepEqual(await csp(), []);
  });
});
