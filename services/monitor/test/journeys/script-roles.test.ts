import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// Scripts are code (issue 32): only admins create or edit journeys, and below admin a monitor's
// script reads as the mask, as do what its steps type and its step headers unless they are only
// {{variables}}; results and their steps read the same for every role. Both databases.

const MASK = '********';
const SCRIPT = "await page.goto('/login');\nawait page.fill('#pass', 'literal-secret-91');";

type Step = {
  action?: string;
  value?: string | null;
  headers?: Record<string, string> | null;
  name?: string;
};
type MonitorView = { id: number; script: string | null; steps: Step[] | null };

for (const target of await testDatabases()) {
  describe(`journeys by role (${target.name})`, { skip: target.skip }, () => {
    let h: Harness;
    let site: JourneySite;
    const ids: Record<'script' | 'steps' | 'api', number> = { script: 0, steps: 0, api: 0 };
    const stepsJourney: Step[] = [
      { action: 'goto', url: '/login' } as Step,
      { action: 'fill', selector: '#user', value: '{{auth.username}}' } as Step,
      { action: 'fill', selector: '#pass', value: 'typed-secret-17' } as Step,
    ];
    const apiJourney = [
      {
        name: 'account',
        url: '/api/account',
        headers: { authorization: 'Bearer literal-token-55', 'x-from': '{{auth.username}}' },
        assertions: [{ source: 'status', value: '401' }],
      },
    ];

    before(async () => {
      site = await startJourneySite();
      h = await startHarness(target);
      const base = {
        url: site.url,
        check_interval_seconds: 3600,
        auth: { type: 'basic', username: 'alice', password: site.password },
      };
      for (const [key, body] of [
        ['script', { name: 'scripted', monitor_type: 'browser', script: SCRIPT }],
        ['steps', { name: 'stepped', monitor_type: 'browser', steps: stepsJourney }],
        ['api', { name: 'api', monitor_type: 'multistep', steps: apiJourney }],
      ] as const) {
        const res = await h.call('POST', '/api/monitors', { ...base, ...body });
        assert.equal(res.statusCode, 201, res.body);
        ids[key] = res.json().id;
      }
    });
    after(async () => {
      await h?.stop();
      await site?.close();
    });

    const read = async (id: number, token: string) => {
      const res = await h.call('GET', `/api/monitors/${id}`, undefined, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as MonitorView;
    };

    test('an admin reads the script and the steps whole', async () => {
      assert.equal((await read(ids.script, h.admin)).script, SCRIPT);
      assert.equal((await read(ids.steps, h.admin)).steps?.[2]?.value, 'typed-secret-17');
      assert.equal(
        (await read(ids.api, h.admin)).steps?.[0]?.headers?.authorization,
        'Bearer literal-token-55',
      );
    });

    test('a viewer reads the script as the mask, typed values and step headers masked unless variables', async () => {
      const scripted = await read(ids.script, h.viewer);
      assert.equal(scripted.script, MASK);
      const stepped = await read(ids.steps, h.viewer);
      assert.equal(stepped.script, null);
      assert.deepEqual(
        stepped.steps?.map((s) => [s.action, s.value ?? null]),
        [
          ['goto', null],
          ['fill', '{{auth.username}}'],
          ['fill', MASK],
        ],
      );
      const api = await read(ids.api, h.viewer);
      assert.deepEqual(api.steps?.[0]?.headers, { authorization: MASK, 'x-from': '{{auth.username}}' });
      assert.equal(api.steps?.[0]?.name, 'account');
      // The list answers the same.
      const list = await h.call('GET', '/api/monitors', undefined, h.viewer);
      const byId = new Map((list.json() as MonitorView[]).map((m) => [m.id, m]));
      assert.equal(byId.get(ids.script)?.script, MASK);
      assert.equal(byId.get(ids.steps)?.steps?.[2]?.value, MASK);
      assert.ok(!list.body.includes('literal-secret-91') && !list.body.includes('literal-token-55'));
      const atLocal = await h.call('GET', '/api/monitors?location=local', undefined, h.viewer);
      assert.equal(atLocal.statusCode, 200);
      assert.ok(!atLocal.body.includes('typed-secret-17'));
    });

    test('a viewer can neither create nor edit a journey, nor export one; nothing changes', async () => {
      const create = await h.call(
        'POST',
        '/api/monitors',
        { name: 'mine', monitor_type: 'browser', url: site.url, script: 'await page.goto("/")' },
        h.viewer,
      );
      assert.equal(create.statusCode, 403, create.body);
      assert.equal(create.json().status, 403);
      const patch = await h.call('PATCH', `/api/monitors/${ids.script}`, { script: 'await 1' }, h.viewer);
      assert.equal(patch.statusCode, 403);
      const test = await h.call(
        'POST',
        '/api/monitors/test',
        { name: 't', monitor_type: 'browser', url: site.url, script: 'await 1' },
        h.viewer,
      );
      assert.equal(test.statusCode, 403);
      assert.equal((await read(ids.script, h.admin)).script, SCRIPT);
      const exported = await h.call('GET', '/api/export/monitors', undefined, h.viewer);
      assert.equal(exported.statusCode, 403);
      // An admin's export carries the script (to import it elsewhere), credentials still masked.
      const whole = await h.call('GET', '/api/export/monitors');
      assert.equal(whole.statusCode, 200);
      const doc = whole.json() as { monitors: { name: string; script?: string | null }[] };
      assert.equal(doc.monitors.find((m) => m.name === 'scripted')?.script, SCRIPT);
      assert.ok(!whole.body.includes(site.password));
    });

    test('a viewer reads the results and their steps', async () => {
      const now = await h.call('POST', `/api/monitors/${ids.api}/check-now`);
      assert.equal(now.statusCode, 202, now.body);
      const r = await waitFor('a result of the multistep monitor', async () => {
        const res = await h.call(
          'GET',
          `/api/check-results?monitor_id=${ids.api}&limit=1`,
          undefined,
          h.viewer,
        );
        assert.equal(res.statusCode, 200);
        return (res.json() as { details?: { steps: { name: string; status: string }[] } }[])[0];
      });
      assert.deepEqual(
        r.details?.steps.map((s) => [s.name, s.status]),
        [['account', 'up']],
      );
      assert.equal((await resultsOf(h, ids.api, 1)).length, 1);
    });
  });
}
