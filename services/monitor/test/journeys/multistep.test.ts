import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// Multistep checks (issue 32) against a real site on loopback: logging in with the monitor's
// stored password, capturing a token, calling the API with it; failures name the step, the
// assertion, expected and actual values, with every secret masked.

const loginThenAccount = (site: JourneySite, balance = site.balance) => ({
  name: 'api journey',
  monitor_type: 'multistep',
  url: site.url,
  check_interval_seconds: 3600,
  timeout_seconds: 5,
  auth: { type: 'basic', username: 'alice', password: site.password },
  steps: [
    {
      name: 'log in',
      method: 'POST',
      url: '/api/login',
      body: '{"user":"{{auth.username}}","password":"{{auth.password}}"}',
      assertions: [{ source: 'status', value: '200' }],
      captures: [{ name: 'token', source: 'json', property: '$.token', secret: true }],
    },
    {
      name: 'read account',
      url: '/api/account',
      headers: { Authorization: 'Bearer {{token}}' },
      assertions: [
        { source: 'json', property: '$.balance', value: balance },
        { source: 'header', property: 'x-request-id', op: 'exists' },
        { source: 'response_time', value: '5000' },
      ],
    },
  ],
});

for (const target of await testDatabases()) {
  describe(`multistep checks on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let site: JourneySite;
    before(async () => {
      site = await startJourneySite();
      h = await startHarness(target);
    });
    after(async () => {
      await h?.stop();
      await site?.close();
    });

    test('logs in, captures a token, calls the API: up, each step timed, the password stored masked', async () => {
      const made = await h.call('POST', '/api/monitors', loginThenAccount(site));
      assert.equal(made.statusCode, 201, made.body);
      assert.ok(!made.body.includes(site.password), 'the create answer holds the password');
      assert.equal(made.json().auth.password, '********');
      const id = made.json().id as number;
      const [result] = await waitFor('a stored result', async () => {
        const rows = await resultsOf(h, id, 1);
        return rows.length > 0 ? rows : undefined;
      });
      assert.equal(result!.status, 'up', result!.error ?? '');
      assert.equal(result!.status_code, 200);
      const details = (result as unknown as { details: { steps: Record<string, unknown>[] } }).details;
      assert.deepEqual(
        details.steps.map((s) => [s.name, s.status, s.status_code, typeof s.duration_ms]),
        [
          ['log in', 'up', 200, 'number'],
          ['read account', 'up', 200, 'number'],
        ],
      );
      assert.equal(site.hits.get('/api/account'), 1);
      const got = await h.call('GET', `/api/monitors/${id}`, undefined, h.viewer);
      assert.ok(!got.body.includes(site.password), 'a viewer reads the password');
      assert.equal(got.json().steps.length, 2);
    });

    test('a wrong value fails naming the step, the assertion, expected and actual; later steps skipped', async () => {
      const body = loginThenAccount(site, '99.00');
      body.steps[1]!.assertions!.push({ source: 'status', value: '200' });
      const res = await h.call('POST', '/api/monitors/test', body);
      assert.equal(res.statusCode, 200, res.body);
      const out = res.json();
      assert.equal(out.status, 'down');
      assert.equal(out.error, 'step 2 "read account": json $.balance equals "99.00" failed: got "42.50"');
      assert.deepEqual(
        out.details.steps.map((s: { status: string }) => s.status),
        ['up', 'down'],
      );
    });

    test('a capture that is missing fails clearly, and a secret capture is masked in messages', async () => {
      const body = loginThenAccount(site);
      body.steps[0]!.captures!.push({
        name: 'session',
        source: 'header',
        property: 'x-session',
        secret: false,
      });
      const missing = (await h.call('POST', '/api/monitors/test', body)).json();
      assert.equal(missing.status, 'down');
      assert.equal(missing.error, 'step 1 "log in": capture {{session}} failed: header x-session is missing');
      assert.deepEqual(
        missing.details.steps.map((s: { status: string }) => s.status),
        ['down', 'skipped'],
      );

      // The token is a secret capture: an assertion quoting it shows the mask, and so does the
      // password echoed in a failing body.
      const masked = loginThenAccount(site);
      masked.steps[1]!.assertions = [{ source: 'json', property: '$.name', value: '{{token}}' }];
      const out = (await h.call('POST', '/api/monitors/test', masked)).json();
      assert.equal(out.status, 'down');
      assert.match(out.error, /^step 2 "read account": json \$\.name equals "\*{8}" failed: got "alice"$/);
    });

    test('a step using a variable no earlier step captures is refused on save (422), nothing stored', async () => {
      const body = loginThenAccount(site);
      body.steps[1]!.headers = { Authorization: 'Bearer {{tokn}}' };
      const before = (await h.call('GET', '/api/monitors')).json().length;
      const res = await h.call('POST', '/api/monitors', body);
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.body, /uses \{\{tokn\}\}, which no earlier step captures/);
      assert.equal((await h.call('GET', '/api/monitors')).json().length, before);
    });
  });
}
