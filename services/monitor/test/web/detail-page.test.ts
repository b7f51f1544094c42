import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { needChromium } from '@app/kit/testing';
import { shot } from './browser.js';
import { type DashboardSession, startDashboardSession } from './dashboard-session.js';
import { apiCall } from './service.js';

async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('detail page: the chart reads out its points; the facts say how the monitor is checked', {
  skip: needChromium(),
}, () => {
  let s: DashboardSession;
  before(async () => {
    s = await startDashboardSession();
  });
  after(async () => {
    await s?.close();
  });

  test('a new monitor fills the chart, with downtime shaded, a tooltip per point, figures, and every check on 7 days while younger than a day', async () => {
    const { svc, target, token, page } = s;
    const hits = () => target.hits.get('/chart') ?? 0;
    const m = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
      name: 'Charted',
      url: `${target.origin}/chart`,
      check_interval_seconds: 1,
      retry_count: 0,
    });
    // Up, then down for two checks, then up again.
    await until('three good checks', () => hits() >= 3);
    target.status = 500;
    const before = hits();
    await until('two failed checks', () => hits() >= before + 2);
    target.status = 200;
    const back = hits();
    await until('two good checks again', () => hits() >= back + 2);
    // More checks than the list's first page of 20.
    await until('25 checks', () => hits() >= 25);
    await apiCall(svc.base, token, 'POST', `/api/monitors/${m.id}/pause`);
    // A check under way when the pause came is stored after it: count what is stored when comparing.
    const stored = async () =>
      (await apiCall<unknown[]>(svc.base, token, 'GET', `/api/check-results?monitor_id=${m.id}&limit=1000`))
        .length;

    // The dashboard row's beats each say what they were.
    const row = page.locator('.mrow[data-monitor-id]', { has: page.getByRole('link', { name: 'Charted' }) });
    await until('the row shows its beats', async () => (await row.locator('.cell-hit title').count()) >= 5);
    const beats = await row.locator('.cell-hit title').allTextContents();
    assert.ok(
      beats.some((b) => /· down · \d+ ms$/.test(b)),
      `a failed beat: ${beats.join(' | ')}`,
    );
    assert.ok(
      beats.some((b) => /· up · \d+ ms$/.test(b)),
      `a good beat: ${beats.join(' | ')}`,
    );

    await row.getByRole('link', { name: 'Charted' }).click();
    await page.getByRole('heading', { name: 'Charted' }).waitFor();
    const chart = page.getByRole('slider', { name: 'Response time over the last 24 hours' });
    await chart.waitFor();
    // The axis starts at the monitor's creation: its first check is drawn in the chart's left half,
    // not as a sliver at the right edge of 24 hours (the chart is 800 units wide).
    const firstDot = Number(await page.locator('.line-chart .series-dot').first().getAttribute('cx'));
    assert.ok(firstDot < 400, `first check at x = ${firstDot}`);
    assert.ok((await page.getByTestId('down-span').count()) >= 1, 'the downtime is shaded');
    const figures = page.getByTestId('chart-figures');
    assert.match(
      (await figures.textContent()) ?? '',
      /^min \d+ ms · avg \d+ ms · p95 \d+ ms · max \d+ ms — \d+ checks, [2-9] failed$/,
    );

    // The incident the failures opened links to its own page.
    const incident = page.getByRole('link', { name: /^started / });
    await incident.waitFor();
    assert.match((await incident.getAttribute('href')) ?? '', /^\/incidents\/\d+$/);

    // Pointing at the right edge reads the newest check out.
    const tip = page.getByTestId('chart-tip');
    const box = (await page.locator('.line-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width - 14, box.y + box.height / 2);
    await until('the tooltip', () => tip.isVisible());
    assert.match((await tip.textContent()) ?? '', /\d+ msUp \(200\)$/);
    await shot(page, 'chart-tooltip');

    // The checks list shows the newest 20, older ones on demand, each once.
    const rows = page.getByRole('table', { name: 'Recent checks' }).locator('tbody tr');
    await until('the first page of checks', async () => (await rows.count()) === 20);
    await page.getByRole('button', { name: 'Show older checks' }).click();
    await until(
      'every stored check listed, each once',
      async () => (await rows.count()) === (await stored()),
    );
    assert.equal(
      await page.getByRole('button', { name: 'Show older checks' }).count(),
      0,
      'nothing older left',
    );
    assert.ok((await rows.count()) > 20);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 60);
    await until('the tooltip gone', async () => !(await tip.isVisible()));

    // The keyboard walks the points: from the newest back to a failed one.
    await chart.focus();
    await page.keyboard.press('End');
    let text = '';
    for (let i = 0; i < 20 && !text.includes('Down'); i++) {
      await page.keyboard.press('ArrowLeft');
      text = (await chart.getAttribute('aria-valuetext')) ?? '';
    }
    assert.match(text, /(\d+ ms|no response time), Down: expected status 2xx, got 500$/);
    assert.match((await tip.textContent()) ?? '', /Down/);
    await page.keyboard.press('Escape');
    await until('the tooltip closed by Escape', async () => !(await tip.isVisible()));

    // 7 days of a monitor younger than a day: every check, as on 24 hours, not one hourly dot on a
    // plot shaded red from edge to edge by the hour that held the outage.
    await page.getByRole('radio', { name: '7 days' }).check();
    const week = page.getByRole('slider', { name: 'Response time over the last 7 days' });
    await week.waitFor();
    await until('every check on 7 days', async () => /^min /.test((await figures.textContent()) ?? ''));
    assert.match((await figures.textContent()) ?? '', /^min \d+ ms · avg .* — \d+ checks, [2-9] failed$/);
    await week.focus();
    await page.keyboard.press('End');
    assert.doesNotMatch((await week.getAttribute('aria-valuetext')) ?? '', /so far/);
    const spans = page.getByTestId('down-span');
    assert.ok((await spans.count()) >= 1, 'the failed checks are shaded');
    const plot = (await week.boundingBox())!;
    for (const span of await spans.all()) {
      const b = (await span.boundingBox())!;
      assert.ok(
        b.width < plot.width / 2,
        `a down span is ${b.width} of ${plot.width} px: not the whole plot`,
      );
    }
  });
  test('the facts name the settings that decide up or down, why the last check failed, and how to ping a heartbeat', async () => {
    const { svc, target, token, page } = s;
    target.status = 200;
    const ch = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/channels', {
      name: 'ops-hook',
      type: 'webhook',
      config: { url: 'http://127.0.0.1:9/hook' },
    });
    const m = await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/monitors', {
      name: 'Welcome page',
      url: `${target.origin}/welcome`,
      check_interval_seconds: 60,
      keyword: 'Welcome aboard',
      retry_count: 2,
      retry_interval_seconds: 20,
      channel_ids: [ch.id],
    });
    await page.goto(`${svc.base}/monitors/${m.id}`);
    await page.getByRole('heading', { name: 'Welcome page' }).waitFor();
    const fact = (label: string) =>
      page.locator('dl.facts dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    assert.equal(await fact('Interval').textContent(), 'every 1 min');
    assert.equal(await fact('Retries').textContent(), '2, 20 s apart, before it is down');
    assert.equal(await fact('Keyword').textContent(), 'the body must contain “Welcome aboard”');
    assert.equal(await fact('Expected status').textContent(), '2xx');
    await until('the channel by name', async () => (await fact('Alerts to').textContent()) === 'ops-hook');
    // The target answers "ok": the keyword is missing, and the last check says so.
    await until('the failed check explained', async () =>
      /failed: keyword "Welcome aboard" not found in body · HTTP 200/.test(
        (await page.getByTestId('last-checked').textContent()) ?? '',
      ),
    );

    const hb = await apiCall<{ id: number; heartbeat_token: string }>(
      svc.base,
      token,
      'POST',
      '/api/monitors',
      {
        name: 'Nightly backup',
        monitor_type: 'heartbeat',
        check_interval_seconds: 86_400,
        heartbeat_grace_seconds: 3_600,
      },
    );
    await page.goto(`${svc.base}/monitors/${hb.id}`);
    await page.getByRole('heading', { name: 'Nightly backup' }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Check now' }).count(),
      0,
      'a heartbeat is not checked',
    );
    assert.equal(await fact('Expected').textContent(), 'a ping every 1 d, 1 h of grace');
    const examples = await page
      .getByRole('list', { name: 'Push examples' })
      .locator('code')
      .allTextContents();
    assert.deepEqual(examples, [
      `curl -fsS -m 10 --retry 3 ${svc.base}/api/heartbeat/${hb.heartbeat_token}`,
      `curl -fsS -m 10 --retry 3 ${svc.base}/api/heartbeat/${hb.heartbeat_token}/fail`,
    ]);
    await shot(page, 'heartbeat-detail');
  });
});
