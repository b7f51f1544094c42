import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';
import { type SwitchableTarget, startSwitchableTarget } from './switchable-target.js';

interface Monitor {
  id: number;
  name: string;
  current_status: string;
  status_reason: string | null;
  depends_on: number[];
  degraded_response_ms: number | null;
}

const row = (page: Page, name: string) =>
  page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name, exact: true }) });

describe('dashboard: degraded, dependency down, and the conditions fields', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let net: SwitchableTarget;
  let slow: SwitchableTarget;
  let token: string;
  let page: Page;
  const ids = { router: 0, server: 0, shop: 0 };

  const get = (id: number) => apiCall<Monitor>(svc.base, token, 'GET', `/api/monitors/${id}`);
  const until = async (what: string, ok: () => Promise<boolean>) => {
    for (let i = 0; !(await ok()); i++) {
      if (i > 300) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };

  before(async () => {
    await ensureWebBuild();
    [svc, chrome, net, slow] = await Promise.all([
      startMonitor(),
      startBrowser(),
      startSwitchableTarget(),
      startSwitchableTarget(),
    ]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const create = (body: Record<string, unknown>) =>
      apiCall<Monitor>(svc.base, token, 'POST', '/api/monitors', {
        check_interval_seconds: 1,
        timeout_seconds: 1,
        retry_count: 0,
        retry_interval_seconds: 1,
        ...body,
      });
    ids.router = (await create({ name: 'Router', url: `${net.origin}/router` })).id;
    ids.server = (await create({ name: 'Server', url: `${net.origin}/server`, depends_on: [ids.router] })).id;
    slow.slowMs = 300;
    // A 2 s timeout: on a loaded machine the 300 ms answer must not time out (that would be down).
    ids.shop = (
      await create({
        name: 'Shop',
        url: `${slow.origin}/slow`,
        degraded_response_ms: 100,
        check_interval_seconds: 2,
        timeout_seconds: 2,
      })
    ).id;
    net.status = 503;
    await until('server dependency_down', async () => {
      const m = await get(ids.server);
      return m.current_status === 'down' && m.status_reason === 'dependency_down';
    });
    await until('shop degraded', async () => (await get(ids.shop)).current_status === 'degraded');
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await net?.close();
    await slow?.close();
  });

  test('the list: a degraded badge in its own colour, a dependency-down chip, a degraded count', async () => {
    const shop = row(page, 'Shop');
    await shop.locator('.badge-degraded').waitFor();
    assert.equal(await shop.locator('.badge').textContent(), 'Degraded');
    const server = row(page, 'Server');
    await server.getByText('dependency down').waitFor();
    assert.equal(await server.locator('.badge').textContent(), 'Down');
    assert.equal(await row(page, 'Router').getByText('dependency down').count(), 0);
    assert.equal(await page.locator('[data-count="degraded"]').textContent(), '1');
    type Styles = { getComputedStyle(el: unknown): { color: string } };
    const colours = await Promise.all(
      [shop.locator('.badge'), server.locator('.badge')].map((l) =>
        l.evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).color),
      ),
    );
    assert.notEqual(colours[0], colours[1]);
    await shot(page, 'conditions-list');
  });

  test('the detail pages: the reason and the parent, and the parent’s dependants', async () => {
    await row(page, 'Server').getByRole('link', { name: 'Server', exact: true }).click();
    const reason = page.locator('[data-reason="dependency_down"]');
    await reason.waitFor();
    assert.match((await reason.textContent()) ?? '', /Down because Router is down/);
    await page.getByRole('list', { name: 'Depends on' }).getByRole('link', { name: 'Router' }).click();
    await page.getByRole('heading', { name: 'Dependants (1)' }).waitFor();
    assert.equal(
      await page.getByRole('list', { name: 'Dependants' }).getByRole('link', { name: 'Server' }).count(),
      1,
    );
    await shot(page, 'conditions-detail');
  });

  test('the parent’s incident page lists the affected dependant; the degraded one is minor', async () => {
    const [inc] = await apiCall<{ id: number }[]>(
      svc.base,
      token,
      'GET',
      `/api/incidents?monitor_id=${ids.router}`,
    );
    await page.goto(`${svc.base}/incidents/${inc!.id}`);
    const affected = page.locator('[data-field="affected"]');
    await affected.getByRole('link', { name: 'Server' }).waitFor();
    assert.match((await affected.textContent()) ?? '', /^1: Server$/);
    assert.equal(await page.locator('[data-field="severity"]').textContent(), 'major (down)');
    await page.goto(`${svc.base}/incidents`);
    const shopRow = page.locator('tr', { has: page.getByRole('link', { name: 'Shop', exact: true }) });
    await shopRow.locator('.tag-minor').waitFor();
    assert.equal(await shopRow.locator('.tag-minor').textContent(), 'degraded');
  });

  test('the form shows and saves the conditions and dependencies', async () => {
    await page.goto(`${svc.base}/monitors/${ids.server}/edit`);
    const depends = page.getByLabel('Depends on');
    await depends.waitFor();
    assert.deepEqual(
      await depends.evaluate((el) => (el as unknown as { value: string }).value),
      String(ids.router),
    );
    await page.getByLabel('Degraded above (ms)').fill('5000');
    await page.getByLabel('Successes to recover').fill('2');
    await depends.selectOption([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${svc.base}/monitors/${ids.server}`);
    const m = await get(ids.server);
    assert.equal(m.degraded_response_ms, 5000);
    assert.deepEqual(m.depends_on, []);
    // A cycle is refused with the field named.
    await page.goto(`${svc.base}/monitors/${ids.router}/edit`);
    await page.getByLabel('Depends on').selectOption(String(ids.server));
    const saved = await apiCall<Monitor>(svc.base, token, 'PATCH', `/api/monitors/${ids.server}`, {
      depends_on: [ids.router],
    });
    assert.deepEqual(saved.depends_on, [ids.router]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/would create a cycle/).waitFor();
    await shot(page, 'conditions-form-cycle');
  });
});
