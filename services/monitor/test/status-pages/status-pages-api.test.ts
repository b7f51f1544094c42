import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { type OpsServer, roleTokens, startOn, type TestDb } from '../operations/ops-server.js';

function assertProblem(res: LightMyRequestResponse, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.detail, 'string');
  return body as { detail: string; errors?: { path: string; message: string }[] };
}

for (const target of await testDatabases()) {
  describe(`status pages API on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let admin: string;
    let viewer: string;
    const ids: number[] = [];
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      ({ admin, viewer } = await roleTokens(s, await s.token()));
      for (const name of ['api', 'db', 'cdn']) {
        const res = await s.as(admin, {
          method: 'POST',
          url: '/api/monitors',
          payload: { name, monitor_type: 'heartbeat' },
        });
        assert.equal(res.statusCode, 201, res.body);
        ids.push(res.json().id);
      }
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    const post = (payload: unknown, token = admin) =>
      s.as(token, { method: 'POST', url: '/api/status-pages', payload: payload as object });

    test('an admin creates, reads, replaces and deletes a page; viewers read; every write is audited', async () => {
      const [api, dbm, cdn] = ids as [number, number, number];
      const created = await post({
        slug: 'acme',
        title: 'Acme status',
        sections: [
          { name: 'Core', monitor_ids: [dbm, api] },
          { name: 'Edge', monitor_ids: [cdn, api] },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      const page = created.json();
      assert.equal(typeof page.id, 'number');
      assert.deepEqual(
        { ...page, id: 0, created_at: '', updated_at: '' },
        {
          id: 0,
          slug: 'acme',
          title: 'Acme status',
          description: null,
          footer: null,
          sections: [
            { name: 'Core', monitor_ids: [dbm, api] },
            { name: 'Edge', monitor_ids: [cdn, api] },
          ],
          uptime_days: 90,
          is_public: false,
          url: '/status/acme',
          config_key: null,
          created_at: '',
          updated_at: '',
        },
      );
      assert.match(page.created_at, /^\d{4}-\d\d-\d\dT.*Z$/);

      assert.deepEqual((await s.as(viewer, { method: 'GET', url: '/api/status-pages' })).json(), [page]);
      assert.deepEqual(
        (await s.as(viewer, { method: 'GET', url: `/api/status-pages/${page.id}` })).json(),
        page,
      );

      const put = await s.as(admin, {
        method: 'PUT',
        url: `/api/status-pages/${page.id}`,
        payload: {
          slug: 'acme-prod',
          title: 'Acme',
          description: 'Live status\nof Acme',
          footer: '© Acme',
          sections: [{ name: 'All', monitor_ids: [cdn] }],
          uptime_days: 30,
          is_public: true,
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      const replaced = put.json();
      assert.equal(replaced.slug, 'acme-prod');
      assert.equal(replaced.url, '/status/acme-prod');
      assert.equal(replaced.description, 'Live status\nof Acme');
      assert.deepEqual(replaced.sections, [{ name: 'All', monitor_ids: [cdn] }]);
      assert.equal(replaced.uptime_days, 30);
      assert.equal(replaced.is_public, true);

      const del = await s.as(admin, { method: 'DELETE', url: `/api/status-pages/${page.id}` });
      assert.equal(del.statusCode, 204);
      assertProblem(
        await s.as(viewer, { method: 'GET', url: `/api/status-pages/${page.id}` }),
        404,
        'not_found',
      );

      const audit = await s.as(await s.token(), {
        method: 'GET',
        url: `/api/audit-log?resource_type=status_page&resource_id=${page.id}`,
      });
      assert.equal(audit.statusCode, 200, audit.body);
      const entries = audit.json() as { action: string; actor_name: string }[];
      assert.deepEqual(entries.map((e) => e.action).sort(), [
        'status_page.create',
        'status_page.delete',
        'status_page.update',
      ]);
      assert.ok(entries.every((e) => e.actor_name === 'ops-admin'));
    });

    test('viewers cannot write, anonymous callers cannot read, unknown ids are 404', async () => {
      const page = { slug: 'nope', title: 'Nope' };
      assertProblem(await post(page, viewer), 403, 'forbidden');
      assertProblem(await s.app.inject({ method: 'GET', url: '/api/status-pages' }), 401, 'unauthorized');
      assertProblem(await s.as(admin, { method: 'GET', url: '/api/status-pages/9999' }), 404, 'not_found');
      assertProblem(
        await s.as(admin, { method: 'PUT', url: '/api/status-pages/9999', payload: page }),
        404,
        'not_found',
      );
      assertProblem(await s.as(admin, { method: 'DELETE', url: '/api/status-pages/9999' }), 404, 'not_found');
      const list = (await s.as(admin, { method: 'GET', url: '/api/status-pages' })).json() as {
        slug: string;
      }[];
      assert.ok(!list.some((p) => p.slug === 'nope'));
    });

    test('bad slugs, windows and fields are 422; unknown monitors are named; nothing is written', async () => {
      for (const slug of ['Acme', 'acme_prod', '', 'a'.repeat(65), 'acme page']) {
        const body = assertProblem(await post({ slug, title: 't' }), 422, 'validation_failed');
        assert.ok(
          body.errors?.some((e) => e.path === 'slug'),
          JSON.stringify(body),
        );
      }
      assertProblem(await post({ slug: 'ok', title: 't', uptime_days: 45 }), 422, 'validation_failed');
      assertProblem(await post({ slug: 'ok', title: 't', theme: 'dark' }), 422, 'validation_failed');
      const [api] = ids as [number];
      const unknown = assertProblem(
        await post({
          slug: 'ok',
          title: 't',
          sections: [
            { name: 'A', monitor_ids: [api, 424242] },
            { name: 'B', monitor_ids: [434343, api, api] },
          ],
        }),
        422,
        'validation_failed',
      );
      assert.match(unknown.detail, /424242/);
      assert.match(unknown.detail, /434343/);
      assert.deepEqual(
        unknown.errors?.map((e) => e.path),
        ['sections.0.monitor_ids.1', 'sections.1.monitor_ids.0', 'sections.1.monitor_ids.2'],
      );
      const big = assertProblem(
        await post({
          slug: 'ok',
          title: 't',
          sections: [0, 1, 2].map((i) => ({ name: `S${i}`, monitor_ids: Array(400).fill(api) })),
        }),
        422,
        'validation_failed',
      );
      assert.ok(big.errors?.some((e) => e.path === 'sections' && /at most 1000/.test(e.message)));
      const list = (await s.as(admin, { method: 'GET', url: '/api/status-pages' })).json() as {
        slug: string;
      }[];
      assert.ok(!list.some((p) => p.slug === 'ok'));
    });

    test('a slug in use is a 409 on create and on replace', async () => {
      const a = await post({ slug: 'team-a', title: 'A' });
      const b = await post({ slug: 'team-b', title: 'B' });
      assert.equal(a.statusCode, 201);
      assert.equal(b.statusCode, 201);
      const clash = assertProblem(await post({ slug: 'team-a', title: 'again' }), 409, 'slug_taken');
      assert.match(clash.detail, /team-a/);
      assertProblem(
        await s.as(admin, {
          method: 'PUT',
          url: `/api/status-pages/${b.json().id}`,
          payload: { slug: 'team-a', title: 'B' },
        }),
        409,
        'slug_taken',
      );
      // Keeping its own slug is no clash.
      const same = await s.as(admin, {
        method: 'PUT',
        url: `/api/status-pages/${a.json().id}`,
        payload: { slug: 'team-a', title: 'A2' },
      });
      assert.equal(same.statusCode, 200, same.body);
    });

    test('the routes are documented in the OpenAPI schema, the public one without security', async () => {
      const spec = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
      };
      assert.deepEqual(Object.keys(spec.paths['/api/status-pages'] ?? {}).sort(), ['get', 'post']);
      assert.deepEqual(Object.keys(spec.paths['/api/status-pages/{id}'] ?? {}).sort(), [
        'delete',
        'get',
        'put',
      ]);
      const pub = spec.paths['/api/public/status-pages/{slug}']?.get;
      assert.ok(pub);
      assert.equal(pub.security, undefined);
      assert.deepEqual(Object.keys(pub.responses).sort(), ['200', '304', '404']);
      assert.ok(spec.paths['/api/status-pages']?.post?.responses['409']);
    });

    test('a deleted monitor leaves every page', async () => {
      const res = await s.as(admin, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'temp', monitor_type: 'heartbeat' },
      });
      const temp = res.json().id as number;
      const [api] = ids as [number];
      const page = (
        await post({ slug: 'cascade', title: 'C', sections: [{ name: 'S', monitor_ids: [temp, api] }] })
      ).json();
      assert.equal((await s.as(admin, { method: 'DELETE', url: `/api/monitors/${temp}` })).statusCode, 204);
      const after = (await s.as(admin, { method: 'GET', url: `/api/status-pages/${page.id}` })).json();
      assert.deepEqual(after.sections, [{ name: 'S', monitor_ids: [api] }]);
    });
  });
}
