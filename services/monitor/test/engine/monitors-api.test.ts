import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { type Harness, startHarness } from './harness.js';

interface MonitorView {
  id: number;
  name: string;
  monitor_type: string;
  url: string | null;
  check_interval_seconds: number;
  timeout_seconds: number;
  retry_count: number;
  retry_interval_seconds: number;
  expected_status_codes: string;
  current_status: string;
  heartbeat_token: string | null;
  auth: unknown;
  [k: string]: unknown;
}

for (const t of await testDatabases()) {
  describe(`monitors API (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    let target: HttpTarget;
    before(async () => {
      target = await startHttpTarget();
      // Long intervals: this suite is about the API, the engine must not get in the way.
      h = await startHarness(t);
    });
    after(async () => {
      await h.stop();
      await target.close();
    });

    test('create applies the defaults and returns runtime fields', async () => {
      const res = await h.call('POST', '/api/monitors', { name: 'site', url: `${target.origin}/` });
      assert.equal(res.statusCode, 201);
      const m = res.json() as MonitorView;
      assert.equal(m.monitor_type, 'http_get');
      assert.equal(m.check_interval_seconds, 60);
      assert.equal(m.timeout_seconds, 10);
      assert.equal(m.retry_count, 3);
      assert.equal(m.retry_interval_seconds, 20);
      assert.equal(m.expected_status_codes, '2xx');
      assert.equal(m.max_redirects, 10);
      assert.equal(m.ignore_tls_errors, false);
      assert.ok(['pending', 'up'].includes(m.current_status));
      assert.equal(m.heartbeat_token, null);
      assert.match(String(m.created_at), /Z$/);

      const small = (
        await h.call('POST', '/api/monitors', {
          name: 's',
          url: `${target.origin}/`,
          check_interval_seconds: 5,
        })
      ).json() as MonitorView;
      assert.equal(small.timeout_seconds, 5);
      assert.equal(small.retry_interval_seconds, 5);

      const got = await h.call('GET', `/api/monitors/${m.id}`, undefined, h.viewer);
      assert.equal(got.statusCode, 200);
      assert.equal((got.json() as MonitorView).name, 'site');
      const list = (await h.call('GET', '/api/monitors', undefined, h.viewer)).json() as MonitorView[];
      assert.ok(list.some((x) => x.id === m.id));
    });

    test('PUT replaces (omitted fields return to defaults), PATCH merges', async () => {
      const m = (
        await h.call('POST', '/api/monitors', {
          name: 'put-me',
          url: `${target.origin}/`,
          retry_count: 7,
          keyword: 'ok',
        })
      ).json() as MonitorView;
      const patched = await h.call('PATCH', `/api/monitors/${m.id}`, { name: 'patched' });
      assert.equal(patched.statusCode, 200);
      assert.equal((patched.json() as MonitorView).retry_count, 7);
      assert.equal((patched.json() as MonitorView).keyword, 'ok');
      assert.equal((patched.json() as MonitorView).name, 'patched');
      const put = await h.call('PUT', `/api/monitors/${m.id}`, {
        name: 'replaced',
        url: `${target.origin}/x`,
      });
      assert.equal(put.statusCode, 200);
      const r = put.json() as MonitorView;
      assert.equal(r.retry_count, 3);
      assert.equal(r.keyword, null);
      assert.equal(r.url, `${target.origin}/x`);
      assert.equal((await h.call('PATCH', `/api/monitors/${m.id}`, {})).statusCode, 422);
      assert.equal(
        (await h.call('PUT', '/api/monitors/99999', { name: 'x', url: `${target.origin}/` })).statusCode,
        404,
      );
    });

    test('delete answers 204, then the monitor is gone', async () => {
      const m = (
        await h.call('POST', '/api/monitors', { name: 'gone', url: `${target.origin}/` })
      ).json() as MonitorView;
      const del = await h.call('DELETE', `/api/monitors/${m.id}`);
      assert.equal(del.statusCode, 204);
      assert.equal((await h.call('GET', `/api/monitors/${m.id}`)).statusCode, 404);
      assert.equal((await h.call('DELETE', `/api/monitors/${m.id}`)).statusCode, 404);
    });

    test('heartbeat monitors get a token and no url; types carry their own url forms', async () => {
      const hb = await h.call('POST', '/api/monitors', { name: 'cron', monitor_type: 'heartbeat' });
      assert.equal(hb.statusCode, 201);
      assert.match(String((hb.json() as MonitorView).heartbeat_token), /^[A-Za-z0-9_-]{32}$/);
      for (const body of [
        { monitor_type: 'tcp', url: '127.0.0.1:5432' },
        { monitor_type: 'tcp', url: 'tcp://db.internal:5432' },
        { monitor_type: 'dns', url: 'example.com', dns_record_type: 'MX', dns_resolver: '127.0.0.1:53' },
        { monitor_type: 'tls', url: 'example.com' },
        { monitor_type: 'tls', url: 'https://example.com:8443/' },
        { monitor_type: 'ping', url: '127.0.0.1' },
        {
          monitor_type: 'http_post',
          url: 'https://example.com/hook',
          body: '{"a":1}',
          headers: { 'x-a': 'b' },
        },
      ]) {
        const res = await h.call('POST', '/api/monitors', {
          name: 'typed',
          check_interval_seconds: 3600,
          ...body,
        });
        assert.equal(res.statusCode, 201, `${JSON.stringify(body)}: ${res.body}`);
      }
    });

    test('validation: every bound, grammar errors and unknown fields are 422 with the field path', async () => {
      const base = { name: 'v', url: `${target.origin}/` };
      const cases: [Record<string, unknown>, string][] = [
        [{ check_interval_seconds: 0 }, 'check_interval_seconds'],
        [{ check_interval_seconds: 86401 }, 'check_interval_seconds'],
        [{ check_interval_seconds: 1.5 }, 'check_interval_seconds'],
        [{ timeout_seconds: 0 }, 'timeout_seconds'],
        [{ check_interval_seconds: 30, timeout_seconds: 31 }, 'timeout_seconds'],
        [{ retry_count: -1 }, 'retry_count'],
        [{ retry_count: 11 }, 'retry_count'],
        [{ retry_interval_seconds: 0 }, 'retry_interval_seconds'],
        [{ max_redirects: 21 }, 'max_redirects'],
        [{ tls_warn_days: 366 }, 'tls_warn_days'],
        [{ heartbeat_grace_seconds: -1 }, 'heartbeat_grace_seconds'],
        [{ expected_status_codes: '2xxx' }, 'expected_status_codes'],
        [{ expected_status_codes: '200,' }, 'expected_status_codes'],
        [{ expected_status_codes: '299-200' }, 'expected_status_codes'],
        [{ expected_status_codes: '!' }, 'expected_status_codes'],
        [{ expected_status_codes: '600' }, 'expected_status_codes'],
        [{ expected_status_codes: '' }, 'expected_status_codes'],
        [{ monitor_type: 'gopher' }, 'monitor_type'],
        [{ monitor_type: 'smtp' }, 'url'],
        [{ name: '' }, 'name'],
        [{ url: 'ftp://example.com' }, 'url'],
        [{ url: 'not a url' }, 'url'],
        [{ url: null }, 'url'],
        [{ monitor_type: 'tcp', url: '127.0.0.1' }, 'url'],
        [{ monitor_type: 'dns', url: 'http://example.com' }, 'url'],
        [{ monitor_type: 'ping', url: '-c 3 host' }, 'url'],
        [{ monitor_type: 'heartbeat', url: 'http://x' }, 'url'],
        [{ monitor_type: 'dns', url: 'example.com', dns_resolver: 'resolver.local' }, 'dns_resolver'],
        [{ json_path: 'a[' }, 'json_path'],
        [{ monitor_type: 'http_head', keyword: 'x' }, 'keyword'],
        [{ auth: { type: 'digest' } }, 'auth'],
        [{ id: 5 }, 'id'],
        [{ current_status: 'up' }, 'current_status'],
        // Channels must exist; the list must be ids.
        [{ channel_ids: [999999] }, 'channel_ids'],
        [{ channel_ids: 'ops' }, 'channel_ids'],
        [{ reminder_interval_minutes: 0 }, 'reminder_interval_minutes'],
      ];
      for (const [patch, path] of cases) {
        const res = await h.call('POST', '/api/monitors', { ...base, ...patch });
        assert.equal(res.statusCode, 422, `${JSON.stringify(patch)} → ${res.statusCode}`);
        const body = res.json() as { code: string; errors: { path: string; message: string }[] };
        assert.equal(body.code, 'validation_failed');
        assert.ok(
          body.errors.some((e) => e.path === path || e.path.startsWith(`${path}.`)),
          `${JSON.stringify(patch)}: ${JSON.stringify(body.errors)}`,
        );
      }
      const grammar = (
        await h.call('POST', '/api/monitors', { ...base, expected_status_codes: '2xx,abc' })
      ).json() as {
        errors: { message: string }[];
      };
      assert.equal(
        grammar.errors[0]!.message,
        'item 2 "abc" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
      );
      // Lists in every form are accepted.
      const ok = await h.call('POST', '/api/monitors', {
        ...base,
        expected_status_codes: '200-299 | 301,!204, 3xx',
      });
      assert.equal(ok.statusCode, 201);
      const m = ok.json() as MonitorView;
      const badPatch = await h.call('PATCH', `/api/monitors/${m.id}`, { timeout_seconds: 61 });
      assert.equal(badPatch.statusCode, 422);
      assert.equal((badPatch.json() as { errors: { path: string }[] }).errors[0]!.path, 'timeout_seconds');
    });

    test('an invalid body hears of every problem at once, in words, and nothing is written', async () => {
      const before = (await h.call('GET', '/api/monitors')).json().length;
      for (const [method, url] of [
        ['POST', '/api/monitors'],
        ['PUT', `/api/monitors/${(await h.call('GET', '/api/monitors')).json()[0].id}`],
      ] as const) {
        const res = await h.call(method, url, {
          name: '',
          url: 'not a url',
          check_interval_seconds: 0,
          expected_status_codes: 'abc',
        });
        assert.equal(res.statusCode, 422, res.body);
        const body = res.json() as {
          code: string;
          detail: string;
          errors: { path: string; message: string }[];
        };
        assert.equal(body.code, 'validation_failed');
        // The schema's problems (name, interval) and the rules' (url, codes) in one answer.
        assert.deepEqual(
          body.errors.map((e) => [e.path, e.message]).sort(),
          [
            ['check_interval_seconds', 'must be at least 1'],
            [
              'expected_status_codes',
              'item 1 "abc" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
            ],
            ['name', 'must not be empty'],
            ['url', 'must be an absolute http:// or https:// URL'],
          ],
          `${method}`,
        );
        assert.match(body.detail, /^The request body is invalid: .*name must not be empty/);
      }
      assert.equal((await h.call('GET', '/api/monitors')).json().length, before);
    });

    test('credentials: none is 401, a viewer cannot write and sees no secrets', async () => {
      const anon = await h.server.app.inject({ method: 'GET', url: '/api/monitors' });
      assert.equal(anon.statusCode, 401);
      assert.equal(anon.headers['www-authenticate'], 'Bearer');
      const m = (
        await h.call('POST', '/api/monitors', {
          name: 'secret',
          url: `${target.origin}/`,
          auth: { type: 'basic', username: 'u', password: 'p4ss' },
        })
      ).json() as MonitorView;
      // Credentials read as the mask for every role, the author included (test/secrets covers more).
      assert.deepEqual(m.auth, { type: 'basic', username: 'u', password: '********' });
      const seen = (await h.call('GET', `/api/monitors/${m.id}`, undefined, h.viewer)).json() as MonitorView;
      assert.deepEqual(seen.auth, { type: 'basic', username: 'u', password: '********' });
      for (const [method, url, body] of [
        ['POST', '/api/monitors', { name: 'x', url: `${target.origin}/` }],
        ['PUT', `/api/monitors/${m.id}`, { name: 'x', url: `${target.origin}/` }],
        ['PATCH', `/api/monitors/${m.id}`, { name: 'x' }],
        ['DELETE', `/api/monitors/${m.id}`, undefined],
        ['POST', `/api/monitors/${m.id}/pause`, undefined],
        ['POST', `/api/monitors/${m.id}/resume`, undefined],
        ['POST', `/api/monitors/${m.id}/check-now`, undefined],
      ] as const) {
        const res = await h.call(method, url, body, h.viewer);
        assert.equal(res.statusCode, 403, `${method} ${url}`);
        assert.equal((res.json() as { code: string }).code, 'forbidden');
      }
    });

    test('every change is in the audit log', async () => {
      const m = (
        await h.call('POST', '/api/monitors', { name: 'audited', url: `${target.origin}/` })
      ).json() as MonitorView;
      await h.call('POST', `/api/monitors/${m.id}/pause`);
      await h.call('POST', `/api/monitors/${m.id}/resume`);
      await h.call('PATCH', `/api/monitors/${m.id}`, { name: 'audited-2' });
      await h.call('DELETE', `/api/monitors/${m.id}`);
      const log = (
        await h.call('GET', `/api/audit-log?resource_type=monitor&resource_id=${m.id}`)
      ).json() as {
        action: string;
      }[];
      assert.deepEqual(
        log.map((e) => e.action),
        ['monitor.delete', 'monitor.update', 'monitor.resume', 'monitor.pause', 'monitor.create'],
      );
    });
  });
}
