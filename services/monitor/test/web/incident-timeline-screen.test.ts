import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import { linkIn, mailTo } from '../status-pages/subscription-setup.js';
import { type BrowserSession, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

interface Detail {
  id: number;
  status: string;
  acknowledged_by: string | null;
  resolved_by: string | null;
  postmortem: string | null;
  updates: { status: string; message: string; author_name: string }[];
}

describe('dashboard: incident timeline and status page subscribers', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let smtp: SmtpReceiver;
  let page: Page;
  let token: string;
  let incidentId: number;
  let pageId: number;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome, smtp] = await Promise.all([startMonitor(), startBrowser(), SmtpReceiver.start()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const m = await apiCall<{ id: number; heartbeat_token: string }>(
      svc.base,
      token,
      'POST',
      '/api/monitors',
      {
        name: 'Nightly backup',
        monitor_type: 'heartbeat',
        check_interval_seconds: 86400,
      },
    );
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
    await apiCall(svc.base, token, 'POST', `/api/incidents/${incidentId}/acknowledge`);
    const ch = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/channels', {
      name: 'status-mail',
      type: 'email',
      config: { to: 'ops@example.test', from: 'status@example.test', host: '127.0.0.1', port: smtp.port },
    });
    await apiCall(svc.base, token, 'PUT', '/api/settings', {
      app_base_url: svc.base,
      status_subscriptions_channel_id: ch.id,
    });
    pageId = (
      await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/status-pages', {
        slug: 'backups',
        title: 'Backups',
        is_public: true,
        sections: [{ name: 'Jobs', monitor_ids: [m.id] }],
      })
    ).id;
    for (const email of ['ann@example.test', 'bob@example.test']) {
      const res = await fetch(`${svc.base}/status/backups/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      assert.equal(res.status, 202);
    }
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await smtp?.close();
  });

  test('an admin reads who acknowledged, posts updates, resolves with a message and writes the postmortem', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Incidents' }).click();
    const row = page.getByRole('row', { name: /Nightly backup/ });
    await row.getByText(`acknowledged by ${ADMIN.username}`).waitFor();
    await row.getByRole('link', { name: 'Update…' }).click();
    await page.getByRole('heading', { name: `Incident #${incidentId}` }).waitFor();
    assert.match(
      (await page.locator('[data-field="acknowledged"]').textContent()) ?? '',
      new RegExp(`by ${ADMIN.username}`),
    );
    await page.getByText('No updates yet.').waitFor();

    const post = page.getByRole('form', { name: 'Add an update' });
    await post.getByLabel('Status').selectOption('identified');
    await post.getByLabel('Message').fill('The backup disk is full.');
    await post.getByRole('button', { name: 'Post update' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('The backup disk is full.').waitFor();

    const resolve = page.getByRole('form', { name: 'Resolve' });
    await resolve.getByLabel('Resolution message').fill('Old archives removed; the next run passed.');
    await resolve.getByRole('button', { name: 'Resolve incident' }).click();
    await timeline.getByText('Old archives removed; the next run passed.').waitFor();
    await page.locator('[data-field="resolved"]').getByText(`by ${ADMIN.username}`).waitFor();
    assert.equal(await page.getByRole('form', { name: 'Resolve' }).count(), 0);

    const pm = page.getByRole('form', { name: 'Postmortem' });
    await pm.getByLabel('Postmortem text').fill('Retention was never configured on the new disk.');
    await pm.getByRole('button', { name: 'Save postmortem' }).click();
    await shot(page, 'incident-detail');
    let saved: Detail | null = null;
    for (let i = 0; i < 100 && !saved?.postmortem; i++) {
      saved = await apiCall<Detail>(svc.base, token, 'GET', `/api/incidents/${incidentId}`);
      if (!saved.postmortem) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(saved!.status, 'resolved');
    assert.equal(saved!.resolved_by, ADMIN.username);
    assert.equal(saved!.postmortem, 'Retention was never configured on the new disk.');
    assert.deepEqual(
      saved!.updates.map((u) => [u.status, u.message, u.author_name]),
      [
        ['identified', 'The backup disk is full.', ADMIN.username],
        ['resolved', 'Old archives removed; the next run passed.', ADMIN.username],
      ],
    );
  });

  test("an admin sees a page's subscribers and removes one", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status pages' }).click();
    await page
      .getByRole('row', { name: /Backups/ })
      .getByRole('button', { name: 'Subscribers' })
      .click();
    const panel = page.getByRole('table', { name: 'Subscribers' });
    await panel.getByRole('row', { name: /ann@example\.test/ }).waitFor();
    assert.match(
      (await panel.getByRole('row', { name: /bob@example\.test/ }).textContent()) ?? '',
      /awaiting confirmation/,
    );
    const bob = panel.getByRole('row', { name: /bob@example\.test/ });
    await bob.getByRole('button', { name: 'Remove' }).click();
    await bob.getByRole('button', { name: 'Yes, remove' }).click();
    await bob.waitFor({ state: 'detached' });
    const left = await apiCall<{ email: string }[]>(
      svc.base,
      token,
      'GET',
      `/api/status-pages/${pageId}/subscribers`,
    );
    assert.deepEqual(
      left.map((s) => s.email),
      ['ann@example.test'],
    );
  });

  test('a visitor subscribes from the public page on a phone and confirms with the button (strict CSP holds)', async () => {
    const context = await chrome.browser.newContext({
      viewport: { width: 390, height: 800 },
      isMobile: true,
    });
    const visitor = await context.newPage();
    const csp = await watchCsp(visitor);
    await visitor.goto(`${svc.base}/status/backups`);
    await visitor.getByLabel(/e-mail/i).fill('cat@example.test');
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await visitor.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const mail = await mailTo(smtp, 'cat@example.test', 'Confirm your subscription');
    // The mail's links use app_base_url, which is this service here.
    const link = linkIn(
      { ...mail, raw: mail.raw.replaceAll(svc.base, 'http://status.example.test') },
      '/status-subscriptions/confirm/',
    );
    await visitor.goto(svc.base + link);
    await visitor.getByRole('heading', { name: 'Subscribe to Backups?' }).waitFor();
    await shot(visitor, 'subscription-confirm');
    await visitor.getByRole('button', { name: 'Confirm subscription' }).click();
    await visitor.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    assert.deepEqual(await csp(), []);
    await context.close();
    const list = await apiCall<{ email: string; status: string }[]>(
      svc.base,
      token,
      'GET',
      `/api/status-pages/${pageId}/subscribers`,
    );
    assert.equal(list.find((x) => x.email === 'cat@example.test')?.status, 'confirmed');
  });
});
