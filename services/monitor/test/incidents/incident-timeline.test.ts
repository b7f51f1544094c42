import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { applyIncidentRules, type ResultFact } from '../../src/alerting/incidents/incident-rules.js';
import { incidentsRepo } from '../../src/store/repos/incidents-repo.js';
import { type OpsServer, roleTokens, startOn, type TestDb } from '../operations/ops-server.js';

function assertProblem(res: LightMyRequestResponse, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.detail, 'string');
  return body;
}

const fact = (monitorId: number, at: number, status: 'up' | 'down', prev: string, next: string): ResultFact =>
  ({
    monitor_id: monitorId,
    result_id: at,
    checked_at: at,
    status,
    prev_status: prev,
    new_status: next,
    error: status === 'down' ? 'HTTP 500' : null,
    status_code: status === 'down' ? 500 : 200,
    response_time_ms: 5,
    tls_days_left: null,
  }) as ResultFact;

for (const target of await testDatabases()) {
  describe(`incident timeline on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let admin: string;
    let viewer: string;
    let monitorId: number;
    const events: Array<{ event: string; data: { id: number } }> = [];

    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      ({ admin, viewer } = await roleTokens(s, root));
      const m = await s.as(admin, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'api', url: 'http://127.0.0.1:9/' },
      });
      assert.equal(m.statusCode, 201, m.body);
      monitorId = m.json().id;
      s.ctx.bus.subscribe((ev) => events.push({ event: ev.event, data: ev.data as { id: number } }));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    /** Opens an incident the way the engine does: a failed check that takes the monitor down. */
    const openIncident = async (at = Date.now()) => {
      const evs = await s.ctx.db
        .transaction()
        .execute((trx) => applyIncidentRules(trx, [fact(monitorId, at, 'down', 'up', 'down')], s.ctx));
      assert.equal(evs[0]?.name, 'incident.opened');
      return evs[0]!.data.id;
    };
    const get = (id: number, token = viewer) => s.as(token, { method: 'GET', url: `/api/incidents/${id}` });
    const post = (url: string, payload: unknown, token = admin) =>
      s.as(token, { method: 'POST', url, payload: payload as object });
    const audit = async (action: string) =>
      (await s.as(root, { method: 'GET', url: `/api/audit-log?action=${action}` })).json() as Array<{
        action: string;
        resource_id: string;
        actor_name: string;
        detail: Record<string, unknown> | null;
      }>;

    test('updates form the timeline oldest first, with author and time; acknowledging records who', async () => {
      const id = await openIncident();
      const fresh = await get(id);
      assert.equal(fresh.statusCode, 200, fresh.body);
      assert.deepEqual(fresh.json().updates, []);
      assert.equal(fresh.json().resolved_by, null);
      assert.equal(fresh.json().postmortem, null);

      const ack = await post(`/api/incidents/${id}/acknowledge`, undefined);
      assert.equal(ack.statusCode, 200, ack.body);
      assert.equal(ack.json().acknowledged_by, 'ops-admin');
      assert.ok(ack.json().acknowledged_at);

      const a = await post(`/api/incidents/${id}/updates`, {
        status: 'investigating',
        message: ' Looking. ',
      });
      assert.equal(a.statusCode, 201, a.body);
      const b = await post(`/api/incidents/${id}/updates`, {
        status: 'identified',
        message: 'A bad deploy.',
      });
      assert.equal(b.statusCode, 201, b.body);
      const detail = (await get(id)).json();
      assert.equal(detail.status, 'acknowledged');
      assert.deepEqual(
        detail.updates.map((u: { status: string; message: string }) => [u.status, u.message]),
        [
          ['investigating', 'Looking.'],
          ['identified', 'A bad deploy.'],
        ],
      );
      const first = detail.updates[0];
      assert.equal(first.author.username, 'ops-admin');
      assert.equal(typeof first.author.id, 'number');
      assert.equal(first.author_name, 'ops-admin');
      assert.match(first.created_at, /^\d{4}-\d\d-\d\dT.*Z$/);
      assert.deepEqual(Object.keys(first).sort(), [
        'author',
        'author_name',
        'created_at',
        'id',
        'message',
        'status',
      ]);
      const entries = await audit('incident.update');
      assert.equal(entries.length, 2);
      assert.equal(entries[0]!.resource_id, String(id));
      assert.equal(entries[0]!.actor_name, 'ops-admin');
      assert.equal(entries[0]!.detail?.status, 'identified');
      assert.ok(events.some((e) => e.event === 'incident.updated' && e.data.id === id));
      assert.ok(events.some((e) => e.event === 'incident.acknowledged' && e.data.id === id));
      assert.equal((await post(`/api/incidents/${id}/resolve`, {})).statusCode, 200);
    });

    test('bad updates are 422/404/403/401 problems and change nothing', async () => {
      const id = await openIncident(Date.now() + 1);
      await post(`/api/incidents/${id}/resolve`, {});
      const id2 = await openIncident(Date.now() + 2);
      const before = (await get(id2)).json().updates.length;
      const bad = await post(`/api/incidents/${id2}/updates`, { status: 'fixed', message: 'x' });
      const body = assertProblem(bad, 422, 'validation_failed');
      assert.ok(
        body.errors.some((e: { path: string }) => e.path === 'status'),
        bad.body,
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring' }),
        422,
        'validation_failed',
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring', message: '' }),
        422,
        'validation_failed',
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring', message: '   ' }),
        422,
        'validation_failed',
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring', message: 'x'.repeat(5001) }),
        422,
        'validation_failed',
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring', message: 'ok', extra: 1 }),
        422,
        'validation_failed',
      );
      assertProblem(
        await post('/api/incidents/999999/updates', { status: 'monitoring', message: 'ok' }),
        404,
        'not_found',
      );
      assertProblem(
        await post(`/api/incidents/${id2}/updates`, { status: 'monitoring', message: 'ok' }, viewer),
        403,
        'forbidden',
      );
      assertProblem(
        await s.app.inject({
          method: 'POST',
          url: `/api/incidents/${id2}/updates`,
          payload: { status: 'monitoring', message: 'ok' },
        }),
        401,
        'unauthorized',
      );
      assert.equal((await get(id2)).json().updates.length, before);
      // The resolved one takes follow-ups with status resolved only.
      assertProblem(
        await post(`/api/incidents/${id}/updates`, { status: 'monitoring', message: 'again?' }),
        409,
        'conflict',
      );
      const follow = await post(`/api/incidents/${id}/updates`, {
        status: 'resolved',
        message: 'Follow-up.',
      });
      assert.equal(follow.statusCode, 201, follow.body);
      assert.equal(follow.json().updates.length, 2);
      await post(`/api/incidents/${id2}/resolve`, {});
    });

    test('a manual resolve records who, adds a resolved update, takes a postmortem; twice is 409', async () => {
      const id = await openIncident(Date.now() + 3);
      const res = await post(`/api/incidents/${id}/resolve`, {
        message: 'Rolled back.',
        postmortem: 'The deploy broke the pool.',
      });
      assert.equal(res.statusCode, 200, res.body);
      const v = res.json();
      assert.equal(v.status, 'resolved');
      assert.ok(v.resolved_at);
      assert.equal(v.resolved_by, 'ops-admin');
      assert.equal(v.postmortem, 'The deploy broke the pool.');
      assert.deepEqual(
        v.updates.map((u: { status: string; message: string }) => [u.status, u.message]),
        [['resolved', 'Rolled back.']],
      );
      assertProblem(await post(`/api/incidents/${id}/resolve`, {}), 409, 'conflict');
      assertProblem(await post(`/api/incidents/${id}/acknowledge`, undefined), 409, 'conflict');
      assertProblem(await post('/api/incidents/999999/resolve', {}), 404, 'not_found');
      assertProblem(await post(`/api/incidents/${id}/resolve`, {}, viewer), 403, 'forbidden');
      const [entry] = await audit('incident.resolve');
      assert.equal(entry!.resource_id, String(id));
      assert.deepEqual(entry!.detail, { postmortem: true });
      assert.ok(events.some((e) => e.event === 'incident.resolved' && e.data.id === id));

      // Without a body: a default message.
      const id2 = await openIncident(Date.now() + 4);
      const bare = await s.as(admin, { method: 'POST', url: `/api/incidents/${id2}/resolve` });
      assert.equal(bare.statusCode, 200, bare.body);
      assert.equal(bare.json().updates[0].message, 'This incident has been resolved.');
    });

    test('an update with status resolved resolves an open incident', async () => {
      const id = await openIncident(Date.now() + 5);
      const res = await post(`/api/incidents/${id}/updates`, { status: 'resolved', message: 'Fixed.' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().status, 'resolved');
      assert.equal(res.json().resolved_by, 'ops-admin');
      assert.equal(res.json().updates.at(-1).status, 'resolved');
    });

    test('the postmortem is written, edited and removed later, audited; bad bodies are 422', async () => {
      const [resolved] = (
        await s.as(viewer, { method: 'GET', url: '/api/incidents?status=resolved' })
      ).json();
      const id = resolved.id as number;
      const put = (payload: unknown, token = admin) =>
        s.as(token, { method: 'PUT', url: `/api/incidents/${id}/postmortem`, payload: payload as object });
      const a = await put({ postmortem: 'First draft.' });
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(a.json().postmortem, 'First draft.');
      assert.equal((await put({ postmortem: 'Final.' })).json().postmortem, 'Final.');
      assert.equal((await get(id)).json().postmortem, 'Final.');
      assertProblem(await put({ postmortem: '' }), 422, 'validation_failed');
      assertProblem(await put({}), 422, 'validation_failed');
      assertProblem(await put({ postmortem: 'x' }, viewer), 403, 'forbidden');
      assertProblem(
        await s.as(admin, {
          method: 'PUT',
          url: '/api/incidents/999999/postmortem',
          payload: { postmortem: 'x' },
        }),
        404,
        'not_found',
      );
      assert.equal((await get(id)).json().postmortem, 'Final.');
      assert.equal((await put({ postmortem: null })).json().postmortem, null);
      const entries = await audit('incident.postmortem');
      assert.equal(entries.length, 3);
      assert.deepEqual(entries[0]!.detail, { removed: true });
    });

    test('a manually resolved incident whose monitor still fails: the next failed check opens a new one', async () => {
      const t0 = Date.now() + 10_000;
      const id = await openIncident(t0);
      await post(`/api/incidents/${id}/resolve`, { message: 'Looks fine from here.' });
      // The monitor is still down: the next failed check (no status change) opens a new incident.
      const evs = await s.ctx.db
        .transaction()
        .execute((trx) =>
          applyIncidentRules(trx, [fact(monitorId, t0 + 1000, 'down', 'down', 'down')], s.ctx),
        );
      assert.equal(evs.length, 1);
      assert.equal(evs[0]!.name, 'incident.opened');
      const fresh = evs[0]!.data.id;
      assert.notEqual(fresh, id);
      const unresolved = await incidentsRepo.unresolvedFor(s.ctx.db, [monitorId]);
      assert.deepEqual(
        unresolved.map((r) => r.id),
        [fresh],
      );
      // A further failure leaves that one alone; recovery resolves it (by the check: no resolved_by).
      const more = await s.ctx.db
        .transaction()
        .execute((trx) =>
          applyIncidentRules(trx, [fact(monitorId, t0 + 2000, 'down', 'down', 'down')], s.ctx),
        );
      assert.deepEqual(more, []);
      const up = await s.ctx.db
        .transaction()
        .execute((trx) => applyIncidentRules(trx, [fact(monitorId, t0 + 3000, 'up', 'down', 'up')], s.ctx));
      assert.equal(up[0]!.name, 'incident.resolved');
      const v = (await get(fresh)).json();
      assert.equal(v.status, 'resolved');
      assert.equal(v.resolved_by, null);
    });
  });
}
