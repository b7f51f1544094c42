import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { sql } from 'kysely';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { baseFile, ref, SECRETS, yamlOf } from './config-files.js';

// Plan and apply through the API on each database: create, update, rename by key, prune, the
// fingerprint, missing variables, all or nothing, and secrets kept out of plans and the audit log.

const env = { ...SECRETS };
const secretValues = Object.values(SECRETS);
const noSecretIn = (text: string, where: string) => {
  for (const s of secretValues) assert.ok(!text.includes(s), `a secret leaked into ${where}`);
};

for (const target of await testDatabases()) {
  describe(`config as code on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.stop();
    });
    const plan = (doc: unknown, more: Record<string, unknown> = {}) =>
      h.call('POST', '/api/config/plan', {
        document: typeof doc === 'string' ? doc : yamlOf(doc),
        env,
        ...more,
      });
    const apply = (doc: unknown, more: Record<string, unknown> = {}) =>
      h.call('POST', '/api/config/apply', {
        document: typeof doc === 'string' ? doc : yamlOf(doc),
        env,
        ...more,
      });
    const monitorsByKey = async () => {
      const rows = await h.server.ctx.db.selectFrom('monitors').selectAll().orderBy('id').execute();
      return new Map(rows.map((r) => [r.config_key ?? `#${r.id}`, r]));
    };
    const counts = async () => {
      const db = h.server.ctx.db;
      const n = async (t: 'monitors' | 'monitor_groups' | 'tags' | 'notification_channels' | 'audit_log') =>
        Number(
          (
            await db
              .selectFrom(t)
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        monitors: await n('monitors'),
        groups: await n('monitor_groups'),
        tags: await n('tags'),
        channels: await n('notification_channels'),
        audit: await n('audit_log'),
      };
    };

    test('a file is planned (nothing changes), applied in one audited transaction, and applied again as no change', async () => {
      const before = await counts();
      const p = await plan(baseFile());
      assert.equal(p.statusCode, 200, p.body);
      noSecretIn(p.body, 'the plan');
      const body = p.json();
      assert.deepEqual(body.summary, { create: 7, update: 0, delete: 0, unchanged: 0, left_alone: 0 });
      assert.deepEqual(
        body.changes.map(
          (c: { kind: string; key: string; action: string }) => `${c.action} ${c.kind} ${c.key}`,
        ),
        [
          'create group prod',
          'create group backend',
          'create tag env',
          'create tag core',
          'create channel hook',
          'create monitor api',
          'create monitor db',
        ],
      );
      const api = body.changes.find((c: { key: string }) => c.key === 'api');
      assert.deepEqual(
        api.fields.filter((f: { secret?: boolean }) => f.secret).map((f: { field: string }) => f.field),
        ['headers.authorization', 'auth (password or token)'],
      );
      assert.deepEqual(api.fields.find((f: { field: string }) => f.field === 'auth').after, {
        type: 'basic',
        username: 'probe',
        password: '********',
      });
      assert.deepEqual(await counts(), before, 'a plan changes nothing');

      const a = await apply(baseFile(), { fingerprint: body.fingerprint });
      assert.equal(a.statusCode, 200, a.body);
      noSecretIn(a.body, 'the apply answer');
      assert.equal(a.json().applied, true);
      assert.deepEqual(a.json().summary, body.summary);
      const after = await counts();
      assert.deepEqual(
        { ...after, audit: after.audit - before.audit },
        { monitors: 2, groups: 2, tags: 2, channels: 1, audit: 1 },
      );
      const audit = await h.server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(audit.action, 'config.apply');
      noSecretIn(JSON.stringify(audit), 'the audit entry');
      assert.equal(JSON.parse(audit.detail!).create, 7);

      const m = await monitorsByKey();
      const apiRow = m.get('api')!;
      assert.equal(apiRow.managed, 1);
      assert.equal(apiRow.paused, 1);
      assert.equal(apiRow.name, 'API');
      // Stored as the API stores them: masked in the columns, the values sealed.
      assert.equal(JSON.parse(apiRow.auth!).password, '********');
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, apiRow.secrets), {
        headers: { authorization: `Bearer ${SECRETS.BEARER}` },
        auth: SECRETS.API_PASSWORD,
      });
      const view = (await h.call('GET', `/api/monitors/${apiRow.id}`)).json();
      assert.deepEqual(view.depends_on, [m.get('db')!.id]);
      assert.deepEqual(
        view.tags.map((t: { name: string; value: string | null }) => [t.name, t.value]),
        [
          ['core', null],
          ['env', 'prod'],
        ],
      );
      const channel = (await h.call('GET', '/api/channels')).json()[0];
      assert.equal(channel.config.secret, '********');

      const again = await plan(baseFile());
      assert.deepEqual(again.json().changes, []);
      assert.deepEqual(again.json().summary, {
        create: 0,
        update: 0,
        delete: 0,
        unchanged: 7,
        left_alone: 0,
      });
      const twice = await apply(baseFile());
      assert.equal(twice.json().applied, false);
      assert.deepEqual((await counts()).monitors, 2);
    });

    test('an update is planned field by field, a rename keeps the object, and a secret shows only as changed', async () => {
      const ids = new Map([...(await monitorsByKey())].map(([k, r]) => [k, r.id]));
      const p = (
        await plan(baseFile({ apiName: 'Public API', interval: 30 }), {
          env: { ...env, API_PASSWORD: 'new-pass-77' },
        })
      ).json();
      assert.equal(p.summary.update, 1);
      const [change] = p.changes;
      assert.equal(change.key, 'api');
      assert.deepEqual(change.fields.map((f: { field: string }) => f.field).sort(), [
        'auth (password or token)',
        'check_interval_seconds',
        'name',
      ]);
      assert.deepEqual(
        change.fields.find((f: { field: string }) => f.field === 'name'),
        {
          field: 'name',
          before: 'API',
          after: 'Public API',
        },
      );
      assert.deepEqual(
        change.fields.find((f: { field: string }) => f.field.startsWith('auth')),
        {
          field: 'auth (password or token)',
          secret: true,
        },
      );
      assert.ok(!JSON.stringify(p).includes('new-pass-77'));
      const a = await apply(baseFile({ apiName: 'Public API', interval: 30 }), {
        env: { ...env, API_PASSWORD: 'new-pass-77' },
        fingerprint: p.fingerprint,
      });
      assert.equal(a.statusCode, 200, a.body);
      const row = (await monitorsByKey()).get('api')!;
      assert.equal(row.id, ids.get('api'), 'renaming is an update of the same monitor');
      assert.equal(row.name, 'Public API');
      assert.equal(row.check_interval_seconds, 30);
      assert.equal(openSecrets(h.server.ctx.keys.encryption, row.secrets).auth, 'new-pass-77');
      // Back to the base file for the tests that follow.
      assert.equal((await apply(baseFile())).statusCode, 200);
    });

    test('an object left out of the file stays unless --prune, and prune never deletes what no file created', async () => {
      const made = await h.call('POST', '/api/monitors', {
        name: 'by hand',
        monitor_type: 'tcp',
        url: '127.0.0.1:9',
      });
      assert.equal(made.statusCode, 201, made.body);
      const without = baseFile({ withoutDb: true });
      const p = (await plan(without)).json();
      assert.deepEqual(p.summary, { create: 0, update: 1, delete: 0, unchanged: 5, left_alone: 2 });
      const kept = await apply(without);
      assert.equal(kept.statusCode, 200, kept.body);
      assert.ok((await monitorsByKey()).has('db'), 'without --prune the monitor stays');

      const pruned = (await plan(without, { prune: true })).json();
      assert.deepEqual(
        pruned.changes.map(
          (c: { action: string; kind: string; key: string }) => `${c.action} ${c.kind} ${c.key}`,
        ),
        ['delete monitor db'],
      );
      assert.equal(pruned.summary.left_alone, 1, 'the monitor made by hand is not managed');
      const a = await apply(without, { prune: true, fingerprint: pruned.fingerprint });
      assert.equal(a.statusCode, 200, a.body);
      const now = await monitorsByKey();
      assert.ok(!now.has('db'));
      assert.ok(now.has(`#${made.json().id}`), 'an object no file created is never pruned');
      await h.call('DELETE', `/api/monitors/${made.json().id}`);
      assert.equal((await apply(baseFile())).statusCode, 200);
    });

    test('an apply with the fingerprint of an older plan is refused and changes nothing', async () => {
      const p = (await plan(baseFile({ interval: 120 }))).json();
      const db = (await monitorsByKey()).get('db')!;
      const edit = await h.call('PATCH', `/api/monitors/${db.id}`, { name: 'Database (edited)' });
      assert.equal(edit.statusCode, 200, edit.body);
      const before = await counts();
      const a = await apply(baseFile({ interval: 120 }), { fingerprint: p.fingerprint });
      assert.equal(a.statusCode, 409, a.body);
      assert.equal(a.json().code, 'config_plan_stale');
      assert.equal((await monitorsByKey()).get('api')!.check_interval_seconds, 60);
      assert.deepEqual(await counts(), before);
      // A new plan undoes the edit made in the dashboard, as its warning says.
      const fresh = (await plan(baseFile())).json();
      assert.deepEqual(fresh.changes[0].fields, [
        { field: 'name', before: 'Database (edited)', after: 'Database' },
      ]);
      assert.equal((await apply(baseFile(), { fingerprint: fresh.fingerprint })).statusCode, 200);
    });

    test('a missing variable, a credential written in the file and a bad reference are named by position; nothing changes', async () => {
      const before = await counts();
      const missing = await apply(baseFile({ interval: 30 }), { env: { API_PASSWORD: 'x', BEARER: 'y' } });
      assert.equal(missing.statusCode, 422, missing.body);
      assert.deepEqual(missing.json().errors, [
        { path: 'channels[0].config.secret', message: `refers to ${ref('HOOK_SECRET')}, which is not set` },
      ]);
      const literal = baseFile();
      (literal.monitors[0] as { auth: unknown }).auth = { type: 'bearer', token: 'plain-token' };
      const lit = await apply(literal);
      assert.equal(lit.statusCode, 422);
      assert.equal(lit.json().errors[0].path, 'monitors[0].auth.token');
      assert.ok(!lit.body.includes('plain-token'));
      // All or nothing: a reference to a key no entry has, in the last object, after new ones.
      const bad = baseFile({
        extra: [
          { key: 'new-1', name: 'new one', monitor_type: 'tcp', url: '127.0.0.1:9' },
          { key: 'new-2', name: 'new two', monitor_type: 'tcp', url: '127.0.0.1:9', depends_on: ['nope'] },
        ],
      });
      const r = await apply(bad);
      assert.equal(r.statusCode, 422);
      assert.deepEqual(r.json().errors, [
        { path: 'monitors[3].depends_on[0]', message: 'no monitor of this file has the key "nope"' },
      ]);
      const tooFast = await plan(baseFile({ interval: 0 }));
      assert.equal(tooFast.statusCode, 422);
      assert.equal(tooFast.json().errors[0].path, 'monitors[0].check_interval_seconds');
      assert.deepEqual(await counts(), before);
    });

    test('two tags may swap names in one apply', async () => {
      const doc = baseFile();
      doc.tags = [
        { key: 'env', name: 'core', color: '#112233' },
        { key: 'core', name: 'env' },
      ];
      assert.equal((await apply(doc)).statusCode, 200);
      const tags = await h.server.ctx.db
        .selectFrom('tags')
        .select(['name', 'config_key'])
        .orderBy('name')
        .execute();
      assert.deepEqual(tags, [
        { name: 'core', config_key: 'env' },
        { name: 'env', config_key: 'core' },
      ]);
      assert.equal((await apply(baseFile())).statusCode, 200);
    });

    test('a failure half way through the writes rolls the whole apply back', async () => {
      // The database refuses the last monitor (a trigger stands in for a fault no check can
      // foresee); the groups, tag and monitor written before it must not survive.
      const db = h.server.ctx.db;
      if (target.name === 'postgres') {
        await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom refused'; END $$ LANGUAGE plpgsql`.execute(
          db,
        );
        await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON monitors FOR EACH ROW WHEN (NEW.name = 'boom') EXECUTE FUNCTION refuse_boom()`.execute(
          db,
        );
      } else {
        await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON monitors WHEN NEW.name = 'boom' BEGIN SELECT RAISE(ABORT, 'boom refused'); END`.execute(
          db,
        );
      }
      const doc = baseFile({
        interval: 45,
        extra: [
          { key: 'fine', name: 'fine', monitor_type: 'tcp', url: '127.0.0.1:9', paused: true },
          { key: 'boom', name: 'boom', monitor_type: 'tcp', url: '127.0.0.1:9', paused: true },
        ],
      });
      doc.groups.push({ key: 'extra', name: 'Extra group' });
      doc.tags.push({ key: 'extra', name: 'extra' });
      const before = await counts();
      const r = await apply(doc);
      await sql`DROP TRIGGER refuse_boom${sql.raw(target.name === 'postgres' ? ' ON monitors' : '')}`.execute(
        db,
      );
      assert.equal(r.statusCode, 500, r.body);
      noSecretIn(r.body, 'the error');
      assert.deepEqual(await counts(), before);
      assert.equal(
        (await monitorsByKey()).get('api')!.check_interval_seconds,
        60,
        'the update before it is undone',
      );
    });

    test('a copy of a managed monitor comes from no file, and the file still applies as no change', async () => {
      const api = (await monitorsByKey()).get('api')!;
      const copy = await h.call('POST', `/api/monitors/${api.id}/clone`);
      assert.equal(copy.statusCode, 201, copy.body);
      assert.equal(copy.json().config_key, null);
      assert.equal((await h.call('GET', `/api/monitors/${api.id}`)).json().config_key, 'api');
      const p = (await plan(baseFile(), { prune: true })).json();
      assert.deepEqual(p.changes, [], 'prune never deletes the copy');
      await h.call('DELETE', `/api/monitors/${copy.json().id}`);
    });

    test('plan and apply are for admins only', async () => {
      const r = await h.call('POST', '/api/config/plan', { document: yamlOf(baseFile()), env }, h.viewer);
      assert.equal(r.statusCode, 403);
    });
  });
}
