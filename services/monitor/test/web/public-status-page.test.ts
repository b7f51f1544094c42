import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, testDatabases, watchCsp } from '@app/kit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { type HttpTarget, startHttpTarget } from '../peers/index.js';
import { createMonitor, createPage, seedDailyRollups, statusOf } from '../status-pages/page-fixture.js';
import { type BrowserSession, shot, startBrowser } from './browser.js';

/** The browser side, for code run in the page (the test's own types have no DOM). */
type Win = { getComputedStyle(el: unknown): { backgroundColor: string } };

const sqlite = (await testDatabases()).find((t) => t.name === 'sqlite')!;

describe('the public status page in Chromium', { skip: needChromium() }, () => {
  let h: Harness;
  let base: string;
  let peer: HttpTarget;
  let chrome: BrowserSession;
  let yearId: number;
  let acmeId: number;
  const ids: Record<string, number> = {};
  const contexts: BrowserContext[] = [];

  /** A fresh context and page at `path`, with the CSP watcher on from the first script. */
  async function open(
    path: string,
    opts: { width?: number; dark?: boolean; javaScript?: boolean; timezoneId?: string; locale?: string } = {},
  ): Promise<{ page: Page; csp: () => Promise<string[]> }> {
    const context = await chrome.browser.newContext({
      viewport: { width: opts.width ?? 1280, height: 900 },
      colorScheme: opts.dark ? 'dark' : 'light',
      javaScriptEnabled: opts.javaScript ?? true,
      timezoneId: opts.timezoneId ?? 'UTC',
      locale: opts.locale ?? 'en-US',
      ...(opts.width && opts.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    const csp = opts.javaScript === false ? async () => [] : await watchCsp(page);
    const res = await page.goto(base + path);
    assert.equal(res?.status(), 200);
    return { page, csp };
  }

  before(async () => {
    [h, peer, chrome] = await Promise.all([startHarness(sqlite), startHttpTarget(), startBrowser()]);
    base = await h.listen();
    for (const name of ['Website', 'API', 'Search']) {
      ids[name] = await createMonitor(h, { name, url: `${peer.origin}/${name.toLowerCase()}?status=200` });
    }
    ids.Mail = await createMonitor(h, { name: 'Mail <relay>', url: `${peer.origin}/mail?status=200` });
    await waitFor('all up', async () => {
      for (const id of Object.values(ids)) if ((await statusOf(h, id)) !== 'up') return undefined;
      return true;
    });
    // Most days perfect, a bad day and a middling one, and the first weeks without data (grey).
    await seedDailyRollups(h.server.ctx.db, Object.values(ids), 365, (i, ago) => {
      if (ago > 300 - i * 40) return null;
      if (ago === 5 + i) return { checks: 1440, up: 1200 };
      if (ago === 12) return { checks: 1440, up: 1430 };
      return { checks: 1440, up: 1440 };
    });
    acmeId = await createPage(h, {
      slug: 'acme',
      title: 'Acme status',
      description: 'How our services are doing',
      footer: 'Operated by Acme',
      sections: [
        { name: 'Web', monitor_ids: [ids.Website!, ids.API!, ids.Search!] },
        { name: 'Mail', monitor_ids: [ids.Mail!] },
      ],
    });
    yearId = await createPage(h, {
      slug: 'year',
      title: 'A year of uptime',
      uptime_days: 365,
      sections: [{ name: 'Everything', monitor_ids: [ids.Website!, ids.API!] }],
    });
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await chrome?.close();
    await h?.stop();
    await peer?.close();
  });

  /** Width of the document beyond the viewport (0: nothing sticks out sideways). */
  const overflow = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

  test('desktop: banner, sections, monitors and one bar per day, with no CSP violation', async () => {
    const { page, csp } = await open('/status/acme');
    await page.locator('html[data-live="ok"]').waitFor();
    assert.equal(await page.title(), 'Acme status');
    assert.equal(await page.locator('#overall-label').textContent(), 'All systems operational');
    assert.ok(await page.locator('#overall').isVisible());
    assert.deepEqual(await page.locator('.group h2').allTextContents(), ['Web', 'Mail']);
    assert.deepEqual(await page.locator('.mon-name').allTextContents(), [
      'Website',
      'API',
      'Search',
      'Mail <relay>',
    ]);
    const website = page.locator('.mon').first();
    assert.equal(await website.locator('.state').textContent(), 'Operational');
    assert.equal(await website.locator('.b').count(), 90);
    const box = await website.locator('.b').last().boundingBox();
    assert.ok(box && box.width >= 2 && box.height >= 20, `a bar is drawn: ${JSON.stringify(box)}`);
    // Labels carry the date and the figure; colours come from classes.
    const bad = website.locator('.b.b1').first();
    assert.match((await bad.getAttribute('title')) ?? '', /^\d{4}-\d{2}-\d{2}: 83\.33% uptime$/);
    const colour = (sel: string) =>
      website
        .locator(sel)
        .first()
        .evaluate((el) => (globalThis as unknown as Win).getComputedStyle(el).backgroundColor);
    assert.notEqual(await colour('.b.b4'), await colour('.b.b1'));
    assert.match(
      (await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')) ?? '',
      /\/status\/acme\/feed\.atom$/,
    );
    assert.equal(await overflow(page), 0);
    await shot(page, 'status-page-desktop');
    assert.deepEqual(await csp(), []);
  });

  test('phone (390 px): nothing overflows sideways, bars shrink to fit, a year shows its last 90 days', async () => {
    const { page, csp } = await open('/status/acme', { width: 390 });
    assert.equal(await overflow(page), 0);
    assert.ok(await page.locator('#overall').isVisible());
    assert.ok(await page.locator('.group').nth(1).isVisible());
    const bars = page.locator('.mon').first().locator('.bars');
    const row = await bars.boundingBox();
    assert.ok(
      row && row.x >= 0 && row.x + row.width <= 390,
      `bars inside the screen: ${JSON.stringify(row)}`,
    );
    const last = await bars.locator('.b').last().boundingBox();
    assert.ok(
      last && last.width > 1 && last.x + last.width <= 390,
      `last bar on screen: ${JSON.stringify(last)}`,
    );
    await shot(page, 'status-page-phone');
    assert.deepEqual(await csp(), []);

    const year = await open('/status/year', { width: 390 });
    assert.equal(await overflow(year.page), 0);
    const yearBars = year.page.locator('.mon').first().locator('.b');
    assert.equal(await yearBars.count(), 365);
    assert.equal(await year.page.locator('.mon').first().locator('.b:visible').count(), 90);
    assert.equal(
      await year.page.locator('.mon').first().locator('.bars-legend span:visible').first().textContent(),
      '90 days ago',
    );
    const wide = await open('/status/year');
    assert.equal(await wide.page.locator('.mon').first().locator('.b:visible').count(), 365);
    assert.equal(await overflow(wide.page), 0);
  });

  test('without JavaScript everything is there', async () => {
    const { page } = await open('/status/acme', { javaScript: false, width: 390 });
    assert.equal(await page.evaluate('1').catch(() => 'off'), 1, 'evaluate still runs from the test side');
    assert.equal(await page.locator('#overall-label').textContent(), 'All systems operational');
    assert.deepEqual(await page.locator('.mon-name').allTextContents(), [
      'Website',
      'API',
      'Search',
      'Mail <relay>',
    ]);
    assert.equal(await page.locator('.mon .b').count(), 4 * 90);
    assert.equal(await page.locator('#incidents h2').textContent(), 'Incidents');
    assert.match(
      (await page.locator('#updated-at').textContent()) ?? '',
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
    );
    assert.ok(await page.locator('a[href="/status/acme/feed.atom"]').isVisible());
    assert.equal(await page.locator('html').getAttribute('data-live'), null, 'the script did not run');
  });

  test('dark mode follows the system setting', async () => {
    const lum = async (dark: boolean) => {
      const { page } = await open('/status/acme', { dark });
      const rgb = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const light = await lum(false);
    const dark = await lum(true);
    assert.ok(light > 200, `light background: ${light}`);
    assert.ok(dark < 50, `dark background: ${dark}`);
    const { page } = await open('/status/acme', { dark: true, width: 390 });
    await shot(page, 'status-page-phone-dark');
  });

  test('live: a monitor going down shows on the open page without a reload', async () => {
    const { page, csp } = await open('/status/acme');
    await page.locator('html[data-live="ok"]').waitFor();
    await page.evaluate('window.__sameDocument = true');
    const api = page.locator('.mon[data-key]').nth(1);
    assert.equal(await api.locator('.mon-name').textContent(), 'API');
    const res = await h.call('PUT', `/api/monitors/${ids.API}`, {
      name: 'API',
      url: `${peer.origin}/api?status=503`,
      check_interval_seconds: 3600,
      retry_count: 0,
    });
    assert.equal(res.statusCode, 200, res.body);
    const now = await h.call('POST', `/api/monitors/${ids.API}/check-now`);
    assert.ok(now.statusCode < 300, now.body);
    await waitFor('API down', async () => ((await statusOf(h, ids.API!)) === 'down' ? true : undefined));
    // What the script does when the visitor comes back to the tab (it also polls every 30 s).
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await api.locator('.state.state-down').waitFor();
    assert.equal(await api.locator('.state').textContent(), 'Down');
    assert.notEqual(await page.locator('#overall-label').textContent(), 'All systems operational');
    assert.match(
      (await page.locator('#overall').getAttribute('class')) ?? '',
      /banner-(partial_outage|major_outage)/,
    );
    assert.equal(await page.evaluate('window.__sameDocument'), true);
    assert.equal(await page.locator('.mon .b').count(), 4 * 90);
    // The incident the engine opened shows too, and the page reads exactly as a fresh load does.
    await page.locator('#incidents .incident-open').first().waitFor();
    assert.match((await page.locator('#incidents .incident-open h3').textContent()) ?? '', /^API Ongoing$/);
    const fresh = await open('/status/acme');
    for (const sel of ['#overall', '#incidents', '#maintenance', '#sections']) {
      // The rendered text on purpose: markup whitespace differs between server and script, what a visitor reads must not.
      // biome-ignore lint/performance/useDomNodeTextContent: see above.
      assert.equal(await page.locator(sel).innerText(), await fresh.page.locator(sel).innerText(), sel);
    }
    await shot(page, 'status-page-live-down');
    assert.deepEqual(await csp(), []);
  });

  test('live: an admin changing the layout and window redraws the sections in place', async () => {
    const { page, csp } = await open('/status/year');
    await page.locator('html[data-live="ok"]').waitFor();
    await page.evaluate('window.__sameDocument = true');
    assert.equal(await page.locator('.mon').first().locator('.b').count(), 365);
    const res = await h.call('PUT', `/api/status-pages/${yearId}`, {
      slug: 'year',
      title: 'A month of uptime',
      uptime_days: 30,
      is_public: true,
      sections: [
        { name: 'Front', monitor_ids: [ids.Website!] },
        { name: 'Back', monitor_ids: [ids.Search!, ids.Mail!] },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await page.locator('.group h2', { hasText: 'Back' }).waitFor();
    assert.deepEqual(await page.locator('.group h2').allTextContents(), ['Front', 'Back']);
    assert.deepEqual(await page.locator('.mon-name').allTextContents(), [
      'Website',
      'Search',
      'Mail <relay>',
    ]);
    assert.equal(await page.locator('.mon .b').count(), 3 * 30);
    assert.equal(
      await page.locator('.mon').first().locator('.bars-legend .wide').textContent(),
      '30 days ago',
    );
    assert.equal(await page.locator('h1').textContent(), 'A month of uptime');
    assert.equal(await page.evaluate('window.__sameDocument'), true);
    assert.deepEqual(await csp(), []);
  });

  test("times: UTC in the HTML, the visitor's zone once the script runs; description and footer follow edits", async () => {
    // UTC+5:30 all year: a zone whose offset no rounding or DST slip can fake.
    const zone = { timezoneId: 'Asia/Kolkata', locale: 'en-GB' };
    const raw = await open('/status/acme', { ...zone, javaScript: false });
    const { page, csp } = await open('/status/acme', zone);
    await page.locator('html[data-live="ok"]').waitFor();
    const read = (p: Page) =>
      p.locator('time').evaluateAll((els) =>
        els.map((e) => ({
          iso: e.getAttribute('datetime') ?? '',
          text: e.textContent ?? '',
          title: e.getAttribute('title'),
        })),
      );
    const before = await read(raw.page);
    const after = await read(page);
    // "Updated", and the start of the incident an earlier test opened on API.
    assert.ok(before.length >= 2, `times on the page: ${before.length}`);
    assert.deepEqual(
      after.map((t) => t.iso),
      before.map((t) => t.iso),
    );
    const utcText = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const inKolkata = (iso: string) => {
      const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
      const [y, m, d] = shifted.slice(0, 10).split('-');
      return `${Number(d)} ${months[Number(m) - 1]} ${y}, ${shifted.slice(11, 16)} GMT+5:30`;
    };
    const assertLocal = (t: { iso: string; text: string; title: string | null }) => {
      assert.equal(t.text, inKolkata(t.iso), "local day and time in the visitor's format");
      assert.equal(t.title, utcText(t.iso), 'the UTC text stays as the tooltip');
    };
    for (const t of before) {
      assert.equal(t.text, utcText(t.iso), 'the server writes UTC');
      assert.equal(t.title, null);
    }
    after.forEach(assertLocal);

    await page.evaluate('window.__sameDocument = true');
    const res = await h.call('PUT', `/api/status-pages/${acmeId}`, {
      slug: 'acme',
      title: 'Acme status',
      description: 'Now with <b>fresh</b> words',
      footer: null,
      is_public: true,
      sections: [
        { name: 'Web', monitor_ids: [ids.Website!, ids.API!, ids.Search!] },
        { name: 'Mail', monitor_ids: [ids.Mail!] },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await page.locator('.page-head .desc', { hasText: 'fresh' }).waitFor();
    assert.equal(await page.locator('.page-head .desc').textContent(), 'Now with <b>fresh</b> words');
    assert.equal(
      await page.locator('meta[name="description"]').getAttribute('content'),
      'Now with <b>fresh</b> words',
    );
    await page.locator('.footer-text').waitFor({ state: 'detached' });
    // Times the script wrote after a poll read like the ones it rewrote on load.
    (await read(page)).forEach(assertLocal);

    const res2 = await h.call('PUT', `/api/status-pages/${acmeId}`, {
      slug: 'acme',
      title: 'Acme status',
      description: null,
      footer: 'Run by the Acme ops team',
      is_public: true,
      sections: [
        { name: 'Web', monitor_ids: [ids.Website!, ids.API!, ids.Search!] },
        { name: 'Mail', monitor_ids: [ids.Mail!] },
      ],
    });
    assert.equal(res2.statusCode, 200, res2.body);
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await page.locator('.footer-text', { hasText: 'Acme ops team' }).waitFor();
    assert.equal(await page.locator('.page-head .desc').count(), 0);
    assert.equal(await page.locator('meta[name="description"]').count(), 0);
    assert.equal(await page.evaluate('window.__sameDocument'), true);
    const fresh = await open('/status/acme', zone);
    await fresh.page.locator('html[data-live="ok"]').waitFor();
    for (const sel of ['.page-head', '.page-foot', '#incidents', '.updated']) {
      // biome-ignore lint/performance/useDomNodeTextContent: what a visitor reads, whitespace aside.
      assert.equal(await page.locator(sel).innerText(), await fresh.page.locator(sel).innerText(), sel);
    }
    assert.deepEqual(await csp(), []);
  });
});
