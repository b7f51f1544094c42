import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

function assertProblem(res: LightMyRequestResponse, status: number, path?: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  if (path !== undefined)
    assert.ok(
      body.errors.some((e: { path: string }) => e.path === path),
      res.body,
    );
  return body;
}

for (const target of await testDatabases()) {
  describe(`input grammar at the edge on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    let monitorId: number;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'site', monitor_type: 'heartbeat' },
      });
      assert.equal(res.statusCode, 201, res.body);
      monitorId = res.json().id;
    });
    after(() => s.stop());

    test('a NUL in the unauthenticated login username is a 422 on the field', async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'root\u0000admin', password: 'x' },
      });
      assertProblem(res, 422, 'username');
    });

    test('a NUL or other control character in the heartbeat token path is a 422', async () => {
      for (const url of ['/api/heartbeat/abc%00def', '/api/heartbeat/abc%01', '/api/heartbeat/a%0Ab/fail']) {
        assertProblem(await s.app.inject({ method: 'POST', url }), 422, 'token');
      }
    });

    test('single-line fields refuse CR, LF and tab; every string refuses NUL', async () => {
      for (const name of ['a\nb', 'a\rb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0000b']) {
        const res = await s.as(root, {
          method: 'POST',
          url: '/api/monitors',
          payload: { name, monitor_type: 'heartbeat' },
        });
        assertProblem(res, 422, 'name');
      }
      const url = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'u', monitor_type: 'http_get', url: 'http://127.0.0.1/\u0000' },
      });
      assertProblem(url, 422, 'url');
      const header = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'h', monitor_type: 'http_get', url: 'http://127.0.0.1/', headers: { x: 'a\r\nb' } },
      });
      assertProblem(header, 422, 'headers.x');
      const headerName = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: {
          name: 'h',
          monitor_type: 'http_get',
          url: 'http://127.0.0.1/',
          headers: { 'x\r\ny': 'a' },
        },
      });
      assertProblem(headerName, 422, 'headers.x\r\ny');
    });

    test('a multi-line field keeps its newlines and tabs but not NUL', async () => {
      const ok = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: {
          name: 'post',
          monitor_type: 'http_post',
          url: 'http://127.0.0.1/',
          body: '{\n\t"a": 1\r\n}',
        },
      });
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().body, '{\n\t"a": 1\r\n}');
      const nul = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'post2', monitor_type: 'http_post', url: 'http://127.0.0.1/', body: 'a\u0000' },
      });
      assertProblem(nul, 422, 'body');
    });

    test('free-form JSON (channel config) refuses NUL anywhere, keys included', async () => {
      for (const config of [{ url: 'http://127.0.0.1/\u0000' }, { 'u\u0000rl': 'http://127.0.0.1/' }]) {
        const res = await s.as(root, {
          method: 'POST',
          url: '/api/channels',
          payload: { name: 'hook', type: 'webhook', config },
        });
        assertProblem(res, 422);
      }
    });

    test('path ids are canonical decimal integers in range: nothing else is deleted or read', async () => {
      const hex = `0x${monitorId.toString(16)}`;
      for (const id of [
        hex,
        `+${monitorId}`,
        `0${monitorId}`,
        `${monitorId}e0`,
        `%20${monitorId}`,
        `${monitorId}.0`,
      ]) {
        const res = await s.as(root, { method: 'DELETE', url: `/api/monitors/${id}` });
        assertProblem(res, 422, 'id');
      }
      for (const id of ['9223372036854775808', '9223372036854775807', '99999999999999999999']) {
        assertProblem(await s.as(root, { method: 'GET', url: `/api/monitors/${id}` }), 422, 'id');
      }
      const still = await s.as(root, { method: 'GET', url: `/api/monitors/${monitorId}` });
      assert.equal(still.statusCode, 200);
      assert.equal(still.json().name, 'site');
      assertProblem(await s.as(root, { method: 'GET', url: '/api/monitors/9007199254740991' }), 404);
    });

    test('query integers follow the same grammar and NUL in a query string is a 422', async () => {
      assertProblem(await s.as(root, { method: 'GET', url: '/api/audit-log?limit=0x10' }), 422, 'limit');
      assertProblem(await s.as(root, { method: 'GET', url: '/api/audit-log?limit=1e1' }), 422, 'limit');
      assertProblem(
        await s.as(root, { method: 'GET', url: '/api/audit-log?resource_type=a%00' }),
        422,
        'resource_type',
      );
      const ok = await s.as(root, { method: 'GET', url: '/api/audit-log?limit=10' });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    test('body integers above 2^53-1 are refused before they reach the database', async () => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":"big","monitor_type":"heartbeat","channel_ids":[9223372036854775808]}',
      });
      assertProblem(res, 422, 'channel_ids.0');
    });
  });
}
