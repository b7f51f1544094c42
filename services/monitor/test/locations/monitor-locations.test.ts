import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type LocationServer, startLocationServer } from './location-server.js';

for (const target of await testDatabases()) {
  describe(`monitors with locations on ${target.name}`, { skip: target.skip }, () => {
    let s: LocationServer;
    before(async () => {
      s = await startLocationServer(target, { startEngine: false });
      for (const id of ['eu', 'us', 'ap']) {
        assert.equal(
          (await s.call('POST', '/api/locations', { name: id.toUpperCase(), id })).statusCode,
          201,
        );
      }
    });
    after(() => s.stop());

    const monitorRows = (id: number) =>
      s.ctx.db
        .selectFrom('monitor_locations')
        .selectAll()
        .where('monitor_id', '=', id)
        .orderBy('location_id')
        .execute();

    test('default: local only, no rows, one local state from the monitor itself', async () => {
      const r = await s.call('POST', '/api/monitors', { name: 'plain', url: 'http://127.0.0.1:9/' });
      assert.equal(r.statusCode, 201);
      const m = r.json();
      assert.deepEqual(m.location_ids, ['local']);
      assert.equal(m.quorum, null);
      assert.deepEqual(m.locations, [
        {
          location_id: 'local',
          status: 'pending',
          counted: true,
          last_checked_at: null,
          last_response_time_ms: null,
          last_error: null,
        },
      ]);
      assert.equal((await monitorRows(m.id)).length, 0);
      const row = await s.ctx.db
        .selectFrom('monitors')
        .select(['location_ids', 'quorum'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { location_ids: null, quorum: null });
    });

    test('several locations: rows and JSON copy together, states counted while online, patch keeps them', async () => {
      const r = await s.call('POST', '/api/monitors', {
        name: 'spread',
        url: 'http://127.0.0.1:9/',
        location_ids: ['eu', 'us', 'local', 'eu'],
        quorum: 2,
      });
      assert.equal(r.statusCode, 201, r.body);
      const m = r.json();
      assert.deepEqual(m.location_ids, ['eu', 'us', 'local']);
      assert.equal(m.quorum, 2);
      assert.deepEqual(
        m.locations.map((l: { location_id: string; status: string; counted: boolean }) => [
          l.location_id,
          l.status,
          l.counted,
        ]),
        [
          ['eu', 'pending', false],
          ['us', 'pending', false],
          ['local', 'pending', true],
        ],
      );
      assert.deepEqual(
        (await monitorRows(m.id)).map((x) => x.location_id),
        ['eu', 'local', 'us'],
      );
      const row = await s.ctx.db
        .selectFrom('monitors')
        .select(['location_ids'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.location_ids, '["eu","us","local"]');

      // A state the engine wrote stays when the location stays; an online location counts.
      await s.ctx.db
        .updateTable('monitor_locations')
        .set({ status: 'down', last_error: 'HTTP 503', last_checked_at: 1_700_000_000_000 })
        .where('monitor_id', '=', m.id)
        .where('location_id', '=', 'eu')
        .execute();
      s.ctx.locations.set('eu', 'online');
      const patched = await s.call('PATCH', `/api/monitors/${m.id}`, { timeout_seconds: 5 });
      assert.deepEqual(patched.json().location_ids, ['eu', 'us', 'local']);
      assert.equal(patched.json().quorum, 2);
      const moved = await s.call('PATCH', `/api/monitors/${m.id}`, {
        location_ids: ['eu', 'ap'],
        quorum: null,
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.deepEqual(moved.json().locations[0], {
        location_id: 'eu',
        status: 'down',
        counted: true,
        last_checked_at: '2023-11-14T22:13:20.000Z',
        last_response_time_ms: null,
        last_error: 'HTTP 503',
      });
      assert.equal(moved.json().quorum, null);
      assert.deepEqual(
        (await monitorRows(m.id)).map((x) => x.location_id),
        ['ap', 'eu'],
      );
      s.ctx.locations.set('eu', 'offline');

      // Back to local alone: no rows, a null column.
      const home = await s.call('PUT', `/api/monitors/${m.id}`, {
        name: 'spread',
        url: 'http://127.0.0.1:9/',
      });
      assert.deepEqual(home.json().location_ids, ['local']);
      assert.equal((await monitorRows(m.id)).length, 0);
    });

    test('validation: unknown id, empty list, heartbeat elsewhere, quorum out of range: 422, nothing written', async () => {
      const count = async () => (await s.ctx.db.selectFrom('monitors').select('id').execute()).length;
      const before = await count();
      const cases: [object, string, RegExp][] = [
        [{ location_ids: ['eu', 'mars'] }, 'location_ids.1', /location "mars" does not exist/],
        [{ location_ids: [] }, 'location_ids', /at least one/],
        [{ location_ids: ['eu'], quorum: 2 }, 'quorum', /between 1 and the number of locations \(1\)/],
        [{ location_ids: ['eu', 'us'], quorum: 0 }, 'quorum', /./],
        [{ monitor_type: 'heartbeat', url: null, location_ids: ['eu'] }, 'location_ids', /heartbeat/],
      ];
      for (const [extra, path, message] of cases) {
        const r = await s.call('POST', '/api/monitors', {
          name: 'bad',
          url: 'http://127.0.0.1:9/',
          ...extra,
        });
        assert.ok(r.statusCode === 422 || r.statusCode === 400, `${JSON.stringify(extra)}: ${r.statusCode}`);
        if (r.statusCode === 422) {
          const e = r.json().errors.find((x: { path: string }) => x.path === path || x.path === `/${path}`);
          assert.ok(e, `${JSON.stringify(extra)}: ${r.body}`);
          assert.match(e.message, message);
        }
      }
      assert.equal(await count(), before);
      const hb = await s.call('POST', '/api/monitors', {
        name: 'hb',
        monitor_type: 'heartbeat',
        location_ids: ['local'],
      });
      assert.equal(hb.statusCode, 201, hb.body);
      const bad = await s.call('PATCH', `/api/monitors/${hb.json().id}`, { location_ids: ['eu'] });
      assert.equal(bad.statusCode, 422);
    });

    test('?location= filters monitors and check results; each result names its location', async () => {
      const a = (
        await s.call('POST', '/api/monitors', {
          name: 'ap only',
          url: 'http://127.0.0.1:9/',
          location_ids: ['ap'],
        })
      ).json();
      const list = await s.call('GET', '/api/monitors?location=ap');
      assert.deepEqual(
        list.json().map((m: { id: number }) => m.id),
        [a.id],
      );
      const local = await s.call('GET', '/api/monitors?location=local');
      assert.ok(local.json().every((m: { location_ids: string[] }) => m.location_ids.includes('local')));
      assert.ok(!local.json().some((m: { id: number }) => m.id === a.id));
      assert.deepEqual((await s.call('GET', '/api/monitors?location=nowhere')).json(), []);

      await s.ctx.db
        .insertInto('check_results')
        .values([
          {
            monitor_id: a.id,
            checked_at: 1000,
            status: 1,
            response_time_ms: 5,
            status_code: 200,
            error: null,
            tls_days_left: null,
            location_id: 'ap',
          },
          {
            monitor_id: a.id,
            checked_at: 2000,
            status: 0,
            response_time_ms: null,
            status_code: null,
            error: 'x',
            tls_days_left: null,
            location_id: null,
          },
        ])
        .execute();
      const all = await s.call('GET', `/api/check-results?monitor_id=${a.id}`);
      assert.deepEqual(
        all.json().map((r: { location_id: string; status: string }) => [r.location_id, r.status]),
        [
          ['local', 'down'],
          ['ap', 'up'],
        ],
      );
      const ap = await s.call('GET', `/api/check-results?monitor_id=${a.id}&location=ap`);
      assert.deepEqual(
        ap.json().map((r: { location_id: string }) => r.location_id),
        ['ap'],
      );
      const loc = await s.call('GET', `/api/check-results?monitor_id=${a.id}&location=local`);
      assert.deepEqual(
        loc.json().map((r: { location_id: string }) => r.location_id),
        ['local'],
      );
    });

    test('clone keeps the locations; export and import carry them; unknown ids on import are named', async () => {
      const m = (
        await s.call('POST', '/api/monitors', {
          name: 'travels',
          url: 'http://127.0.0.1:9/x',
          location_ids: ['us', 'local'],
          quorum: 2,
        })
      ).json();
      const copy = await s.call('POST', `/api/monitors/${m.id}/clone`);
      assert.equal(copy.statusCode, 201, copy.body);
      assert.deepEqual(copy.json().location_ids, ['us', 'local']);
      assert.equal(copy.json().quorum, 2);
      assert.equal((await monitorRows(copy.json().id)).length, 2);

      const exported = (await s.call('GET', '/api/export/monitors')).json();
      const entry = exported.monitors.find((x: { name: string }) => x.name === 'travels');
      assert.deepEqual(entry.location_ids, ['us', 'local']);
      assert.equal(entry.quorum, 2);
      const plain = exported.monitors.find((x: { name: string }) => x.name === 'plain');
      assert.deepEqual(plain.location_ids, ['local']);

      const doc = { version: 1, monitors: [{ ...entry, name: 'travels again' }] };
      const imp = await s.call('POST', '/api/import/monitors', doc);
      assert.equal(imp.statusCode, 200, imp.body);
      const id = imp.json().ids[0];
      const got = (await s.call('GET', `/api/monitors/${id}`)).json();
      assert.deepEqual(got.location_ids, ['us', 'local']);
      assert.equal(got.quorum, 2);
      assert.equal((await monitorRows(id)).length, 2);

      // update_by_name replaces the locations too.
      const upd = await s.call('POST', '/api/import/monitors?mode=update_by_name', {
        version: 1,
        monitors: [{ ...entry, name: 'travels again', location_ids: ['eu'], quorum: null }],
      });
      assert.equal(upd.statusCode, 200, upd.body);
      const after = (await s.call('GET', `/api/monitors/${id}`)).json();
      assert.deepEqual(after.location_ids, ['eu']);
      assert.deepEqual(
        (await monitorRows(id)).map((x) => x.location_id),
        ['eu'],
      );

      const before = (await s.ctx.db.selectFrom('monitors').select('id').execute()).length;
      const bad = await s.call('POST', '/api/import/monitors', {
        version: 1,
        monitors: [{ ...entry, name: 'nowhere', location_ids: ['local', 'mars'] }],
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().errors, [
        { path: 'monitors.0.location_ids.1', message: 'location "mars" does not exist' },
      ]);
      assert.equal((await s.ctx.db.selectFrom('monitors').select('id').execute()).length, before);
      const preview = await s.call('POST', '/api/import/monitors/preview', {
        version: 1,
        monitors: [{ ...entry, name: 'nowhere', location_ids: ['mars'] }],
      });
      assert.equal(preview.json().invalid, 1);
    });

    test('check-now of a monitor checked from probes only: 409 probes_only, nothing requested', async () => {
      const m = (
        await s.call('POST', '/api/monitors', {
          name: 'probes only',
          url: 'http://127.0.0.1:9/',
          location_ids: ['eu', 'us'],
        })
      ).json();
      const r = await s.call('POST', `/api/monitors/${m.id}/check-now`);
      assert.equal(r.statusCode, 409, r.body);
      assert.equal(r.json().type.endsWith('probes_only'), true, r.body);
      assert.match(r.json().detail, /probe locations only \(eu, us\)/);
      const row = await s.ctx.db
        .selectFrom('monitors')
        .select('check_requested_at')
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.check_requested_at, null);
    });
  });
}
