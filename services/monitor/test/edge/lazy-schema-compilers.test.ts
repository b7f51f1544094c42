import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpEdgeOptions, installProblemHandler } from '@app/kit';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { lazySchemaCompilers } from '../../src/api/lazy-schema-compilers.js';

type Factory = Parameters<typeof lazySchemaCompilers>[0];

/** The edge's compilers, counting how many route schemas each actually compiles. */
function countingEdgeCompilers() {
  const counts = { validators: 0, serializers: 0 };
  const edge = httpEdgeOptions.schemaController?.compilersFactory as NonNullable<Factory>;
  const buildValidator = edge.buildValidator as unknown as (
    s: unknown,
    o: unknown,
  ) => (r: unknown) => unknown;
  const counting = {
    ...edge,
    buildValidator: ((s: unknown, o: unknown) => {
      const compile = buildValidator(s, o);
      return (route: unknown) => {
        counts.validators++;
        return compile(route);
      };
    }) as unknown as NonNullable<Factory>['buildValidator'],
  };
  const factory = lazySchemaCompilers(counting);
  const buildSerializer = factory.buildSerializer as unknown as (
    s: unknown,
    o: unknown,
  ) => (r: unknown) => unknown;
  factory.buildSerializer = ((s: unknown, o: unknown) => {
    const compile = buildSerializer(s, o);
    return (route: unknown) => {
      const lazy = compile(route) as (payload: unknown) => string;
      return (payload: unknown) => {
        counts.serializers++;
        return lazy(payload);
      };
    };
  }) as unknown as NonNullable<Factory>['buildSerializer'];
  return { counts, factory };
}

async function appWith(factory: NonNullable<Factory>) {
  const app = Fastify({
    ...httpEdgeOptions,
    schemaController: { ...httpEdgeOptions.schemaController, compilersFactory: factory },
  });
  installProblemHandler(app);
  app.post(
    '/items',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
        body: Type.Object({ name: Type.String({ minLength: 1 }), size: Type.Integer() }),
        response: {
          200: Type.Object({ name: Type.String(), limit: Type.Union([Type.Integer(), Type.Null()]) }),
        },
      },
    },
    async (req) => {
      const q = req.query as { limit?: number };
      const b = req.body as { name: string };
      return { name: b.name, limit: q.limit ?? null, secret: 'not in the schema' };
    },
  );
  app.get('/never', { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async () => 'ok');
  await app.ready();
  return app;
}

test('route schemas compile on first use and then validate, coerce and serialize as compiled at start', async () => {
  const { counts, factory } = countingEdgeCompilers();
  const app = await appWith(factory);
  try {
    // Built and ready: nothing compiled yet, neither the route that is called nor the one that is not.
    assert.equal(counts.validators, 0);

    // The query string is coerced (text to integer), the body strict, the reply serialized by its schema.
    const ok = await app.inject({ method: 'POST', url: '/items?limit=5', payload: { name: 'a', size: 1 } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { name: 'a', limit: 5 });
    assert.equal(counts.validators, 2, "the route's querystring and body validators");
    assert.equal(counts.serializers, 1);

    // Validation errors come from the compiled validator, as before.
    const bad = await app.inject({ method: 'POST', url: '/items', payload: { name: '', size: '7' } });
    assert.equal(bad.statusCode, 422);
    const problem = bad.json() as { errors?: { path: string }[] };
    assert.ok(Array.isArray(problem.errors) && problem.errors.length >= 2, bad.body);
    const badQuery = await app.inject({
      method: 'POST',
      url: '/items?limit=0',
      payload: { name: 'a', size: 1 },
    });
    assert.equal(badQuery.statusCode, 422);

    // Compiled once per schema, not per request; the untouched route is still not compiled.
    assert.equal(counts.validators, 2);
  } finally {
    await app.close();
  }
});
