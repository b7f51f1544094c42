import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

interface Incident {
  id: number;
  monitor_id: number;
  status: string;
  root_cause: string | null;
}

/** A loopback port nothing listens on: checks against it fail with a connection error. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** The browser side, for code run in the page (the test's own types have no DOM). */
type Doc = {
  activeElement: { getAttribute(n: string): string | null } | null;
  createRange(): {
    setStart(n: unknown, o: number): void;
    setEnd(n: unknown, o: number): void;
    selectNodeContents(n: unknown): void;
    getClientRects(): { length: number };
  };
};
type Cell = { firstChild: { textContent: string | null } | null };

describe('dashboard: the incidents list', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const port = await closedPort();
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      const m = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
        name,
        url: `http://127.0.0.1:${port}/${name.toLowerCase()}`,
        check_interval_seconds: 3600,
        retry_count: 0,
      });
      await apiCall(svc.base, token, 'POST', `/api/monitors/${m.id}/check-now`);
    }
    for (let i = 0; ; i++) {
      const open = await apiCall<Incident[]>(svc.base, token, 'GET', '/api/incidents?status=open');
      if (open.length === 3) break;
      if (i > 200) throw new Error(`3 incidents expected, ${open.length} open`);
      await sleep(100);
    }
    // Narrow enough that the table has to share out its width.
    page = (await chrome.open(svc.base, { width: 760 })).page;
    await signIn(page, ADMIN.username, ADMIN.password);
    await navTo(page, 'Incidents');
    await page.locator('tr[data-incident-status="open"]').nth(2).waitFor();
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('causes wrap only between words and start times stay on one line', async () => {
    const rows = page.locator('tr[data-incident-status]');
    assert.equal(await rows.count(), 3);
    for (let r = 0; r < 3; r++) {
      const cells = rows.nth(r).locator('td');
      const started = cells.nth(2);
      assert.match((await started.textContent()) ?? '', /\d/);
      const lines = await started.evaluate((td) => {
        const range = (globalThis as unknown as { document: Doc }).document.createRange();
        range.selectNodeContents(td);
        return range.getClientRects().length;
      });
      assert.equal(lines, 1, `row ${r}: the start time is on one line`);
      // Every word of the cause sits on a single line (a word split across two has two boxes).
      const split = await cells.nth(4).evaluate((td) => {
        const doc = (globalThis as unknown as { document: Doc }).document;
        const text = (td as unknown as Cell).firstChild!;
        const s = text.textContent ?? '';
        const out: string[] = [];
        for (const m of s.matchAll(/\S+/g)) {
          const range = doc.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          if (range.getClientRects().length !== 1) out.push(m[0]);
        }
        return { cause: s, split: out };
      });
      assert.ok(split.cause.length > 10, `a cause is shown: ${split.cause}`);
      assert.deepEqual(split.split, [], `row ${r}: no word of "${split.cause}" is split`);
    }
    await shot(page, 'incidents-list-narrow');
  });

  test('after Acknowledge with the keyboard, focus stays on that incident, not the next button', async () => {
    const first = page.locator('tr[data-incident-status="open"]').first();
    const label = (await first.locator('a[aria-label^="Incident #"]').getAttribute('aria-label'))!;
    const id = Number(label.slice('Incident #'.length));
    await first.getByRole('button', { name: 'Acknowledge' }).focus();
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-incident-status="acknowledged"] a[aria-label="${label}"]`).waitFor();
    await page.getByRole('status').getByText(`Incident #${id} acknowledged.`).waitFor();
    // Focus moves once the reloaded list shows the row acknowledged (or the wait times out).
    await page.locator(`a[aria-label="${label}"]:focus`).waitFor();
    const focused = await page.evaluate(() => {
      const el = (globalThis as unknown as { document: Doc }).document.activeElement;
      return el?.getAttribute('aria-label') ?? null;
    });
    assert.equal(focused, label);
    // A second Enter follows the focused link to the incident: it acknowledges nothing else.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Incident #${id}`, exact: true }).waitFor();
    const all = await apiCall<Incident[]>(svc.base, token, 'GET', '/api/incidents');
    assert.deepEqual(all.map((i) => i.status).sort(), ['acknowledged', 'open', 'open']);
    assert.equal(all.find((i) => i.status === 'acknowledged')?.id, id);
  });
});
