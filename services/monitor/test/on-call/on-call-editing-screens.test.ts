import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, watchCsp } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { type BrowserSession, navTo, shot, signIn, startBrowser } from '../web/browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { ensureWebBuild } from '../web/web-build.js';

type Schedule = {
  id: number;
  name: string;
  time_zone: string;
  layers: Array<{ members: number[]; rotation_length: number; rotation_unit: string; start: string }>;
};
type Entry = { user_id: number | null; username: string | null; source: { kind: string } | null };

describe('dashboard: editing on-call schedules, contact methods and people in escalation steps', {
  skip: needChromium(),
}, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let rx: HttpReceiver;
  let page: Page;
  let token: string;
  const ids: Record<string, number> = {};
  let csp: () => Promise<unknown[]>;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome, rx] = await Promise.all([startMonitor(), startBrowser(), HttpReceiver.start()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    for (const username of ['cleo-oncall', 'dan-oncall', 'eve-oncall']) {
      ids[username] = (
        await apiCall<{ id: number }>(svc.base, token, 'POST', '/api/users', {
          username,
          password: `${username}-pw-12345`,
          role: 'viewer',
        })
      ).id;
    }
    page = (await chrome.open(svc.base)).page;
    csp = await watchCsp(page);
    await signIn(page, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
    await rx?.close();
  });

  test('an admin creates a schedule, adds an override, and the timeline shows it', async () => {
    await navTo(page, 'On-call');
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Schedule name').fill('Platform');
    await form.getByLabel('Time zone').fill('Europe/Berlin');
    const layer = form.getByRole('group', { name: 'Layer 1', exact: true });
    await layer.getByLabel('Layer name').fill('weekly');
    await layer.getByLabel('Turn length').fill('1');
    await layer.getByLabel('Unit').selectOption('weeks');
    await layer.getByLabel('First hand-off').fill('2020-01-06T09:00');
    for (const who of ['dan-oncall', 'cleo-oncall']) {
      await layer.getByLabel('Add member').selectOption({ label: who });
      await layer.getByRole('button', { name: 'Add', exact: true }).click();
    }
    // Order matters: cleo moves up to take the first turn.
    await layer.getByRole('button', { name: 'Move cleo-oncall up' }).click();
    await form.getByRole('button', { name: 'Create schedule' }).click();
    const card = page.getByRole('article', { name: 'Schedule Platform' });
    await card.waitFor();
    const [saved] = await apiCall<Schedule[]>(svc.base, token, 'GET', '/api/schedules');
    assert.deepEqual(
      [
        saved!.name,
        saved!.time_zone,
        saved!.layers.map((l) => [l.members, l.rotation_length, l.rotation_unit, l.start]),
      ],
      [
        'Platform',
        'Europe/Berlin',
        [[[ids['cleo-oncall'], ids['dan-oncall']], 1, 'weeks', '2020-01-06T09:00']],
      ],
    );
    const rows = card.getByRole('table', { name: 'Platform timeline' }).locator('tbody tr');
    await rows.first().waitFor();
    assert.ok(!(await rows.locator('td:first-child').allTextContents()).includes('eve-oncall'));

    // Eve covers a whole day starting in two days' time (on the hour so it lands inside the bar).
    const from = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000;
    // datetime-local inputs take the browser's clock.
    const localInput = (ms: number) =>
      page.evaluate((t) => {
        const d = new Date(t);
        d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
        return d.toISOString().slice(0, 16);
      }, ms);
    const overrides = card.getByRole('form', { name: 'New override for Platform' });
    await overrides.getByLabel('Who', { exact: true }).selectOption({ label: 'eve-oncall' });
    await overrides.getByLabel('From', { exact: true }).fill(await localInput(from));
    await overrides.getByLabel('To', { exact: true }).fill(await localInput(from + 86_400_000));
    await overrides.getByRole('button', { name: 'Add override' }).click();
    // The timeline refreshes after the save: eve's stretch is in the table and the bar.
    await rows.filter({ hasText: 'eve-oncall' }).first().waitFor();
    const timeline = await apiCall<Entry[]>(svc.base, token, 'GET', `/api/schedules/${saved!.id}/timeline`);
    const eve = timeline.filter((e) => e.username === 'eve-oncall');
    assert.equal(eve.length, 1);
    assert.equal(eve[0]!.source?.kind, 'override');
    assert.deepEqual(
      await rows.locator('td:first-child').allTextContents(),
      timeline.map((e) => e.username ?? 'nobody'),
    );
    const slots = card.getByRole('list', { name: 'Next two weeks' }).getByRole('listitem');
    assert.equal(await slots.filter({ hasText: 'eve-oncall' }).count(), 1);
    await card
      .getByRole('region', { name: 'Platform overrides' })
      .getByText(/^eve-oncall:/)
      .waitFor();

    // Editing: turns of two days; the form comes back filled in and the card redraws after the save.
    await card.getByRole('button', { name: 'Edit schedule' }).click();
    const edit = page.getByRole('form', { name: 'Edit Platform' });
    assert.equal(await edit.getByLabel('Time zone').inputValue(), 'Europe/Berlin');
    const editLayer = edit.getByRole('group', { name: 'Layer 1', exact: true });
    const order = await editLayer
      .getByRole('list', { name: 'Layer 1 members order' })
      .getByRole('listitem')
      .allTextContents();
    assert.deepEqual(
      order.map((t) => t.split(' ')[0]),
      ['cleo-oncall', 'dan-oncall'],
    );
    await editLayer.getByLabel('Unit').selectOption('days');
    await editLayer.getByLabel('Turn length').fill('2');
    await edit.getByRole('button', { name: 'Save schedule' }).click();
    await edit.waitFor({ state: 'detached' });
    const [edited] = await apiCall<Schedule[]>(svc.base, token, 'GET', '/api/schedules');
    assert.deepEqual([edited!.layers[0]!.rotation_length, edited!.layers[0]!.rotation_unit], [2, 'days']);
    const redrawn = await apiCall<Entry[]>(svc.base, token, 'GET', `/api/schedules/${saved!.id}/timeline`);
    assert.notEqual(redrawn.length, timeline.length);
    await rows.nth(redrawn.length - 1).waitFor();
    assert.equal(await rows.count(), redrawn.length);
    assert.deepEqual(
      await rows.locator('td:first-child').allTextContents(),
      redrawn.map((e) => e.username ?? 'nobody'),
    );
    await shot(page, 'on-call-editing');
    assert.deepEqual(await csp(), []);
  });

  test('a user adds a contact method, verifies it with the code it was sent, and tests it', async () => {
    rx.reset();
    const panel = page.getByRole('region', { name: 'My contact methods' });
    const form = panel.getByRole('form', { name: 'New contact method' });
    await form.getByLabel('Label').fill('my hook');
    await form.getByLabel('Method type').selectOption('webhook');
    await form.getByLabel('URL', { exact: true }).fill(`${rx.url}/mine`);
    await form.getByRole('button', { name: 'Add and send code' }).click();
    await panel.getByText('A verification code was sent').waitFor();
    const [req] = await rx.waitFor(1);
    assert.equal(req!.path, '/mine');
    const code = /\b(\d{6})\b/.exec(
      (JSON.parse(req!.body) as { message?: { text: string } }).message?.text ?? '',
    )?.[1];
    assert.ok(code, req!.body);

    const row = panel.getByRole('listitem', { name: 'Contact method my hook' });
    await row.getByText('not verified').waitFor();
    const verify = row.getByRole('form', { name: 'Verify my hook' });
    // A wrong code is refused with the service's message and leaves it unverified.
    await verify.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await row.getByRole('alert').getByText('the code is wrong').waitFor();
    await verify.getByLabel('Verification code').fill(code!);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('verified', { exact: true }).waitFor();
    const [mine] = await apiCall<Array<{ label: string; verified: boolean }>>(
      svc.base,
      token,
      'GET',
      '/api/contact-methods',
    );
    assert.deepEqual([mine!.label, mine!.verified], ['my hook', true]);

    await row.getByRole('button', { name: 'Send test' }).click();
    await row.getByText('Test message sent.').waitFor();
    await rx.waitFor(2);

    // An unverified second method: resend sends a fresh code; delete removes it.
    await form.getByLabel('Label').fill('spare');
    await form.getByLabel('Method type').selectOption('webhook');
    await form.getByLabel('URL', { exact: true }).fill(`${rx.url}/spare`);
    await form.getByRole('button', { name: 'Add and send code' }).click();
    await rx.waitFor(3);
    const spare = panel.getByRole('listitem', { name: 'Contact method spare' });
    await spare.getByRole('button', { name: 'Resend code' }).click();
    await spare.getByText('A new code is on its way.').waitFor();
    const resent = await rx.waitFor(4);
    assert.equal(resent[3]!.path, '/spare');
    await spare.getByRole('button', { name: 'Delete' }).click();
    await spare.getByRole('button', { name: 'Yes, delete' }).click();
    await spare.waitFor({ state: 'detached' });
    assert.deepEqual(
      (await apiCall<Array<{ label: string }>>(svc.base, token, 'GET', '/api/contact-methods')).map(
        (m) => m.label,
      ),
      ['my hook'],
    );

    // Quiet hours from the same panel, saved as the API stores them.
    const quiet = panel.getByRole('form', { name: 'Quiet hours' });
    await quiet.getByLabel('Quiet hours time zone').fill('Europe/Berlin');
    await quiet.getByLabel('From (HH:MM)').fill('22:00');
    await quiet.getByLabel('Until (HH:MM)').fill('07:00');
    await quiet.getByLabel('Still deliver at once from').selectOption('warning');
    await quiet.getByRole('button', { name: 'Save quiet hours' }).click();
    await quiet.getByText('Quiet hours saved.').waitFor();
    assert.deepEqual(await apiCall(svc.base, token, 'GET', '/api/contact-methods/quiet-hours'), {
      time_zone: 'Europe/Berlin',
      start: '22:00',
      end: '07:00',
      min_severity: 'warning',
    });
    assert.deepEqual(await csp(), []);
  });

  test('an escalation step picks a schedule and a user, and the policy saves them', async () => {
    await navTo(page, 'Escalation');
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New policy' });
    await form.getByLabel('Policy name').fill('Follow the sun');
    const step = form.getByRole('group', { name: 'Step 1', exact: true });
    await step.getByLabel('After (minutes)').fill('5');
    await step.getByLabel('On call in Platform').check();
    await step.getByLabel('dan-oncall').check();
    await form.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('table', { name: 'Escalation policies' }).getByText('on call in Platform').waitFor();
    const [schedule] = await apiCall<Schedule[]>(svc.base, token, 'GET', '/api/schedules');
    const [policy] = await apiCall<Array<{ name: string; steps: unknown[] }>>(
      svc.base,
      token,
      'GET',
      '/api/escalation-policies',
    );
    assert.deepEqual(policy, {
      ...policy,
      name: 'Follow the sun',
      steps: [
        { after_minutes: 5, channel_ids: [], user_ids: [ids['dan-oncall']], schedule_ids: [schedule!.id] },
      ],
    });
    assert.deepEqual(await csp(), []);
  });
});
