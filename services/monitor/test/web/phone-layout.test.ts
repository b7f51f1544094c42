import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Locator, Page } from 'playwright-core';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { type FlipTarget, startFlipTarget } from './target.js';
import { ensureWebBuild } from './web-build.js';

interface Incident {
  id: number;
  status: string;
  acknowledged_by: string | null;
}

/** Whether the element's whole box lies inside the viewport's width (scrolled into view vertically). */
async function fitsAcross(page: Page, el: Locator): Promise<boolean> {
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

describe('dashboard: the frame at phone and desktop width', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let target: FlipTarget;
  let chrome: BrowserSession;
  let token: string;
  const incidents: number[] = [];

  before(async () => {
    await ensureWebBuild();
    [svc, target, chrome] = await Promise.all([startMonitor(), startFlipTarget(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    target.status = 503;
    for (const name of ['Checkout API', 'Payments gateway']) {
      const m = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
        name,
        url: `${target.origin}/${name.length}`,
        check_interval_seconds: 3600,
        retry_count: 0,
      });
      await apiCall(svc.base, token, 'POST', `/api/monitors/${m.id}/check-now`);
    }
    for (let i = 0; ; i++) {
      const open = await apiCall<Incident[]>(svc.base, token, 'GET', '/api/incidents?status=open');
      if (open.length === 2) {
        incidents.push(...open.map((o) => o.id).sort((a, b) => a - b));
        break;
      }
      if (i > 300) throw new Error(`2 incidents expected, ${open.length} open`);
      await sleep(100);
    }
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await target?.close();
  });

  test('at 390 px a Menu button opens the navigation, and Acknowledge fits on Incidents', async () => {
    const { page, context } = await chrome.open(svc.base, { width: 390, height: 844 });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    assert.ok(await fitsAcross(page, menu), 'the Menu button is on screen');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    // Folded: no entry is shown (none cut off at the edge either).
    assert.equal(await nav.getByRole('link', { name: 'Incidents' }).isVisible(), false);

    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    // Every entry, the administration pages included, is on screen in the open menu.
    const labels = ['Dashboard', 'Incidents', 'Escalation', 'Import / export', 'Users', 'Audit log'];
    for (const name of labels) {
      const link = nav.getByRole('link', { name, exact: name !== 'Incidents' });
      assert.ok(await fitsAcross(page, link), `${name} is within the 390 px screen`);
    }
    await shot(page, 'phone-menu-open');
    await nav.getByRole('link', { name: /^Incidents/ }).click();
    await page.getByRole('heading', { name: 'Incidents' }).waitFor();
    assert.equal(await nav.isVisible(), false, 'following a link folds the menu');

    const rows = page.locator('tr[data-incident-status="open"]');
    await rows.nth(1).waitFor();
    for (let r = 0; r < 2; r++) {
      const ack = rows.nth(r).getByRole('button', { name: 'Acknowledge' });
      assert.ok(await fitsAcross(page, ack), `row ${r}: Acknowledge is within the screen`);
    }
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
    await shot(page, 'phone-incidents');

    // The incident page itself acknowledges: the page an alert's link lands on.
    const id = incidents[0]!;
    await page.goto(`${svc.base}/incidents/${id}`);
    await page.getByRole('heading', { name: `Incident #${id}` }).waitFor();
    const ack = page.getByRole('button', { name: 'Acknowledge' });
    assert.ok(await fitsAcross(page, ack), 'Acknowledge is on the incident page, within the screen');
    await ack.click();
    await page.locator('[data-field="acknowledged"]', { hasText: 'by admin' }).waitFor();
    assert.equal(await ack.count(), 0, 'an acknowledged incident offers no second Acknowledge');
    const stored = await apiCall<Incident>(svc.base, token, 'GET', `/api/incidents/${id}`);
    assert.equal(stored.status, 'acknowledged');
    assert.equal(stored.acknowledged_by, 'admin');
    await shot(page, 'phone-incident-acknowledged');
    await context.close();
  });

  test('at 1440 px the header is one row and the administration pages open from Admin', async () => {
    const { page, context } = await chrome.open(svc.base, { width: 1440, height: 900 });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Menu' }).isVisible(), false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const row = async (el: Locator) => {
      const b = (await el.boundingBox())!;
      return Math.round(b.y + b.height / 2);
    };
    const line = await row(page.locator('.brand'));
    for (const el of [
      nav.getByRole('link', { name: 'Dashboard' }),
      nav.getByRole('link', { name: 'Import / export' }),
      nav.getByRole('button', { name: 'Admin' }),
      page.getByLabel('Theme'),
      page.getByRole('button', { name: 'Sign out' }),
    ]) {
      assert.ok(await fitsAcross(page, el));
      assert.ok(
        Math.abs((await row(el)) - line) <= 4,
        `${await el.textContent()} is on the header's one row`,
      );
    }
    await shot(page, 'desktop-header');
    await navTo(page, 'Audit log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    assert.equal(
      await nav.getByRole('link', { name: 'Audit log' }).isVisible(),
      false,
      'the drop-down closed',
    );
    assert.equal(await nav.getByRole('button', { name: 'Admin' }).getAttribute('data-current'), 'true');
    // Acknowledge from the incident page works at desktop width as well.
    const id = incidents[1]!;
    await page.goto(`${svc.base}/incidents/${id}`);
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.locator('[data-field="acknowledged"]', { hasText: 'by admin' }).waitFor();
    assert.equal(
      (await apiCall<Incident>(svc.base, token, 'GET', `/api/incidents/${id}`)).status,
      'acknowledged',
    );
    await context.close();
  });
});
