import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import Fastify from 'fastify';
import {
  commonProblems,
  defineErrors,
  formatSseEvent,
  installProblemHandler,
  SseStream,
  strictValidation,
} from '../src/index.js';

const errors = defineErrors({ ...commonProblems, monitor_busy: { status: 409, title: 'Monitor busy' } });

async function app() {
  const a = Fastify({ ...strictValidation, bodyLimit: 1024 });
  installProblemHandler(a);
  a.post(
    '/things',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'items'],
          properties: {
            name: { type: 'string', minLength: 1 },
            items: {
              type: 'array',
              items: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } },
            },
          },
        },
      },
    },
    async () => ({ ok: true }),
  );
  a.get('/busy', async () => {
    throw errors.monitor_busy('monitor 3 is being checked', { headers: { 'retry-after': '2' } });
  });
  a.get('/crash', async () => {
    throw new Error('secret internals');
  });
  await a.ready();
  return a;
}

test('validation failures are 422 problems with dotted paths', async () => {
  const a = await app();
  const res = await a.inject({
    method: 'POST',
    url: '/things',
    payload: { items: [{ url: 'x' }], extra: 1 },
  });
  assert.equal(res.statusCode, 422);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.code, 'validation_failed');
  assert.equal(body.status, 422);
  assert.equal(typeof body.detail, 'string');
  const paths = body.errors.map((e: { path: string }) => e.path).sort();
  assert.deepEqual(paths, ['extra', 'items.0.url', 'name']);
  assert.equal(body.errors.find((e: { path: string }) => e.path === 'extra').message, 'is not a known field');
});

test('malformed JSON is 400, a large body 413, an unknown route 404', async () => {
  const a = await app();
  const bad = await a.inject({
    method: 'POST',
    url: '/things',
    headers: { 'content-type': 'application/json' },
    payload: '{"a":',
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().code, 'malformed_json');
  const big = await a.inject({
    method: 'POST',
    url: '/things',
    payload: { name: 'x'.repeat(5000), items: [] },
  });
  assert.equal(big.statusCode, 413);
  assert.equal(big.json().code, 'payload_too_large');
  const nf = await a.inject({ method: 'GET', url: '/nowhere?x=1' });
  assert.equal(nf.statusCode, 404);
  assert.equal(nf.json().detail, 'No route for GET /nowhere.');
});

test('catalogue problems keep their code and headers; crashes leak nothing', async () => {
  const a = await app();
  const busy = await a.inject({ method: 'GET', url: '/busy' });
  assert.equal(busy.statusCode, 409);
  assert.equal(busy.headers['retry-after'], '2');
  assert.deepEqual(busy.json(), {
    type: '/docs/problems#monitor_busy',
    title: 'Monitor busy',
    status: 409,
    detail: 'monitor 3 is being checked',
    code: 'monitor_busy',
  });
  const crash = await a.inject({ method: 'GET', url: '/crash' });
  assert.equal(crash.statusCode, 500);
  assert.equal(crash.json().code, 'internal_error');
  assert.doesNotMatch(crash.body, /secret internals/);
});

test('SSE framing splits multi-line data and strips newlines from ids', () => {
  assert.equal(
    formatSseEvent({ id: '4\n2', event: 'x', data: 'a\nb' }),
    'id: 42\nevent: x\ndata: a\ndata: b\n\n',
  );
  assert.equal(formatSseEvent({ data: { n: 1 } }), 'data: {"n":1}\n\n');
});

test('an SSE stream sends events and keep-alives, and drops a client that stops reading', async () => {
  const streams: SseStream[] = [];
  let closedCount = 0;
  const a = Fastify();
  a.get('/s', (_req, reply) => {
    reply.hijack();
    const s = new SseStream(reply.raw, {
      keepAliveMs: 50,
      maxBufferedBytes: 64 * 1024,
      onClose: () => closedCount++,
    });
    streams.push(s);
    s.send({ id: 1, event: 'hello', data: { a: 1 } });
  });
  await a.listen({ port: 0, host: '127.0.0.1' });
  const port = (a.server.address() as AddressInfo).port;

  // A reader that reads: gets the event and a keep-alive comment.
  const text = await new Promise<string>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/s' }, (res) => {
      assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buf += c;
        if (buf.includes(': keep-alive')) {
          res.destroy();
          resolve(buf);
        }
      });
    })
      .on('error', reject)
      .end();
  });
  assert.match(text, /^id: 1\nevent: hello\ndata: \{"a":1\}\n\n/);

  // A reader that never reads: the server drops it once its buffer passes the cap.
  await new Promise<void>((resolve) => {
    request({ port, host: '127.0.0.1', path: '/s' }, (res) => {
      res.pause();
      res.socket.setNoDelay(true);
      resolve();
    }).end();
  });
  const slow = streams[1]!;
  let sent = 0;
  while (slow.send({ data: 'x'.repeat(16 * 1024) })) {
    sent++;
    if (sent > 10_000) break;
    await new Promise((r) => setImmediate(r));
  }
  assert.ok(slow.closed, 'slow client was dropped');
  assert.ok(sent < 10_000);
  assert.equal(closedCount >= 2, true);
  await a.close();
});

test('fieldProblems reads TypeBox issues as well as AJV ones', async () => {
  const { Type } = await import('typebox');
  const { Value } = await import('typebox/value');
  const { fieldProblems } = await import('../src/index.js');
  const S = Type.Object(
    { a: Type.Integer({ minimum: 1 }), b: Type.String() },
    { additionalProperties: false },
  );
  const v = { a: 0, c: 1, d: 2 };
  assert.deepEqual(
    fieldProblems([...Value.Errors(S, v)]).sort((x, y) => x.path.localeCompare(y.path)),
    [
      { path: 'a', message: 'must be at least 1' },
      { path: 'b', message: 'is required' },
      { path: 'c', message: 'is not a known field' },
      { path: 'd', message: 'is not a known field' },
    ],
  );
});

test('valueProblems validates outside a route in the same words, a pattern’s own included', async () => {
  const { Type } = await import('typebox');
  const { valueProblems, PATTERN_MESSAGE } = await import('../src/index.js');
  const S = Type.Object(
    {
      topic: Type.String({ pattern: '^[a-z]+$', [PATTERN_MESSAGE]: 'may contain only a to z' }),
      slug: Type.String({ pattern: '^[a-z]+$' }),
      n: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    },
    { additionalProperties: false },
  );
  assert.deepEqual(valueProblems(S, { topic: 'A B', slug: '-', n: 0, x: 1 }), [
    { path: 'x', message: 'is not a known field' },
    { path: 'topic', message: 'may contain only a to z' },
    { path: 'slug', message: 'is not in the expected form' },
    { path: 'n', message: 'must be at least 1' },
  ]);
});

test('field problems speak people’s words, every field at once, a nullable field once', async () => {
  const { PATTERN_MESSAGE } = await import('../src/index.js');
  const a = Fastify({ ...strictValidation });
  installProblemHandler(a);
  const body = {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 5 },
      tag: { type: 'string', pattern: '^[^:]+$', [PATTERN_MESSAGE]: 'must not contain a colon' },
      code: { type: 'string', pattern: '^[0-9]+$' },
      every: { type: 'integer', minimum: 1, maximum: 60 },
      url: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
      on: { type: 'boolean' },
    },
  };
  a.post('/x', { schema: { body } }, async () => ({}));
  await a.ready();
  const res = await a.inject({
    method: 'POST',
    url: '/x',
    payload: { name: '', tag: 'a:b', code: 'x', every: 0, url: 'long', on: 'yes' },
  });
  assert.equal(res.statusCode, 422);
  assert.deepEqual(res.json().errors, [
    { path: 'name', message: 'must not be empty' },
    { path: 'tag', message: 'must not contain a colon' },
    { path: 'code', message: 'is not in the expected form' },
    { path: 'every', message: 'must be at least 1' },
    { path: 'url', message: 'must be at most 3 characters' },
    { path: 'on', message: 'must be true or false' },
  ]);
  const more = await a.inject({ method: 'POST', url: '/x', payload: { name: 'abcdef', every: 61, url: 7 } });
  assert.deepEqual(more.json().errors, [
    { path: 'name', message: 'must be at most 5 characters' },
    { path: 'every', message: 'must be at most 60' },
    // A nullable field says what its value should be, not also "must be null" and "must match a
    // schema in anyOf".
    { path: 'url', message: 'must be text' },
  ]);
});

test('bodies are validated as sent; query strings are coerced', async () => {
  const a = Fastify({ ...strictValidation });
  installProblemHandler(a);
  const schema = {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        n: { type: 'integer' },
        m: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
      },
    },
    querystring: { type: 'object', properties: { limit: { type: 'integer' } } },
  };
  a.post('/x', { schema }, async (req) => ({ body: req.body, query: req.query }));
  await a.ready();
  const text = await a.inject({ method: 'POST', url: '/x', payload: { n: '60' } });
  assert.equal(text.statusCode, 422);
  assert.equal(text.json().errors[0].path, 'n');
  const zero = await a.inject({ method: 'POST', url: '/x', payload: { m: 0 } });
  assert.equal(zero.statusCode, 422, 'a 0 is not quietly turned into null');
  const ok = await a.inject({ method: 'POST', url: '/x?limit=5', payload: { n: 60, m: null } });
  assert.deepEqual(ok.json(), { body: { n: 60, m: null }, query: { limit: 5 } });
});
