import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { httpEdgeOptions, installHttpEdge, installProblemHandler, MULTILINE } from '../src/index.js';

async function app() {
  const a = Fastify({ ...httpEdgeOptions });
  await installHttpEdge(a);
  installProblemHandler(a);
  a.get('/boom', async () => {
    throw new Error('database said no');
  });
  a.get(
    '/items',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, default: 20 })) }),
      },
    },
    async (req) => req.query,
  );
  a.post(
    '/notes',
    {
      schema: {
        body: Type.Object({
          title: Type.String(),
          text: Type.String({ [MULTILINE]: true }),
          n: Type.Integer(),
        }),
      },
    },
    async (req) => req.body,
  );
  return a;
}

test('a 500 carries the security headers and leaks nothing', async () => {
  const a = await app();
  const res = await a.inject({ method: 'GET', url: '/boom' });
  assert.equal(res.statusCode, 500);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.doesNotMatch(res.body, /database said no/);
  assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  await a.close();
});

test('query integers: defaults still apply, decimal text is coerced, anything else is a 422', async () => {
  const a = await app();
  assert.deepEqual((await a.inject({ url: '/items' })).json(), { limit: 20 });
  assert.deepEqual((await a.inject({ url: '/items?limit=153' })).json(), { limit: 153 });
  for (const v of ['0x99', '+1', '01', '1e3', '%201', '1.0', '9007199254740992']) {
    const res = await a.inject({ url: `/items?limit=${v}` });
    assert.equal(res.statusCode, 422, v);
    assert.equal(res.json().errors[0].path, 'limit', v);
  }
  await a.close();
});

test('body strings: single-line unless marked MULTILINE; integers within 2^53-1', async () => {
  const a = await app();
  const post = (body: unknown) => a.inject({ method: 'POST', url: '/notes', payload: body as object });
  assert.equal((await post({ title: 't', text: 'a\n\tb\r\n', n: 1 })).statusCode, 200);
  const line = await post({ title: 'a\nb', text: '', n: 1 });
  assert.equal(line.statusCode, 422);
  assert.deepEqual(line.json().errors, [
    { path: 'title', message: 'must not contain control characters (tab and line breaks included)' },
  ]);
  assert.equal((await post({ title: 't', text: 'a\u0007', n: 1 })).statusCode, 422);
  const big = await post({ title: 't', text: '', n: 2 ** 53 });
  assert.equal(big.statusCode, 422);
  assert.equal(big.json().errors[0].path, 'n');
  await a.close();
});
