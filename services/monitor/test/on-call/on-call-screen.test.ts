import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

describe('dashboard: the On-call page', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;
  let scheduleId: number;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    const ids: number[] = [];
    for (const username of ['ann-oncall', 'bob-oncall']) {
      ids.push(
        (
          await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/users', {
            username,
            password: `${username}-pw-12345`,
            role: 'viewer',
          })
        ).id,
      );
    }
    // Daily hand-offs at 09:00 UTC from a Monday long ago: the two take turns every day.
    scheduleId = (
      await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/schedules', {
        name: 'Primary',
        time_zone: 'UTC',
        layers: [
          {
            name: 'daily',
            members: ids,
            rotation_length: 1,
            rotation_unit: 'days',
            start: '2020-01-06T09:00',
          },
        ],
      })
    ).id;
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  test('shows who is on call now and the next two weeks, as the API answers them', async () => {
    const csp = await watchCsp(page);
    const now = await apiCall<{ username: string }>(
      svc.base,
      token,
      'GET',
      `/api/schedules/${scheduleId}/on-call`,
    );
    await navTo(page, 'On-call');
    const card = page.getByRole('article', { name: 'Schedule Primary' });
    await card.getByTestId('on-call-now').getByText(now.username).waitFor();
    const timeline = await apiCall<Array<{ username: string }>>(
      svc.base,
      token,
      'GET',
      `/api/schedules/${scheduleId}/timeline`,
    );
    // Fourteen days of daily turns: 14 or 15 stretches depending on the hour.
    assert.ok(timeline.length >= 14 && timeline.length <= 15, String(timeline.length));
    const slots = card.getByRole('list', { name: 'Next two weeks' }).getByRole('listitem');
    assert.equal(await slots.count(), timeline.length);
    const rows = card.getByRole('table', { name: 'Primary timeline' }).locator('tbody tr');
    assert.equal(await rows.count(), timeline.length);
    assert.deepEqual(
      (await rows.locator('td:first-child').allTextContents()).slice(0, 4),
      timeline.slice(0, 4).map((e) => e.username),
    );
    await shot(page, 'on-call-timeline');
    assert.deepEqual(await csp(), []);
  });
});
