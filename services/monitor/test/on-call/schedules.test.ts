import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type EscalationServer, startEscalationServer } from '../escalation/escalation-server.js';

/**
 * Expected people are worked out by hand below, from the published DST dates:
 * Europe/Berlin springs forward on 2026-03-29 at 01:00Z (CET +1 → CEST +2);
 * America/New_York falls back on 2026-11-01 at 06:00Z (EDT −4 → EST −5).
 */
for (const target of await testDatabases()) {
  describe(`on-call schedules on ${target.name}`, { skip: target.skip }, () => {
    let s: EscalationServer;
    const u: Record<string, number> = {};
    before(async () => {
      s = await startEscalationServer(target, { engine: false });
      for (const name of ['ann', 'bob', 'carol', 'dave']) {
        const r = await s.call('POST', '/api/users', {
          username: name,
          password: `${name}-password-123`,
          role: 'viewer',
        });
        assert.equal(r.statusCode, 201, r.body);
        u[name] = r.json().id;
      }
    });
    after(() => s.stop());

    const who = async (id: number, at: string) => {
      const r = await s.call('GET', `/api/schedules/${id}/on-call?at=${at}`, undefined, s.viewer);
      assert.equal(r.statusCode, 200, r.body);
      return r.json() as {
        username: string | null;
        source: { kind: string } | null;
        since: string;
        until: string;
      };
    };

    test('weekly rotation in Berlin keeps its 09:00 hand-off across the spring change; a higher layer and an override win', async () => {
      const created = await s.call('POST', '/api/schedules', {
        name: 'Berlin',
        time_zone: 'Europe/Berlin',
        layers: [
          {
            name: 'primary',
            members: [u.ann, u.bob],
            rotation_length: 1,
            rotation_unit: 'weeks',
            start: '2026-03-23T09:00',
          },
          {
            name: 'weekend',
            members: [u.carol],
            rotation_length: 1,
            rotation_unit: 'days',
            start: '2026-03-28T00:00',
            end: '2026-03-30T00:00',
          },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().id as number;
      assert.equal(
        (await who(id, '2026-03-23T07:59:00Z')).username,
        null,
        'before the first hand-off (08:00Z = 09:00 CET)',
      );
      const first = await who(id, '2026-03-23T08:00:00Z');
      assert.deepEqual([first.username, first.since], ['ann', '2026-03-23T08:00:00.000Z']);
      // Saturday 00:00 CET = Friday 23:00Z: the weekend layer takes over until Monday 00:00 CEST = Sunday
      // 22:00Z; its Sunday shift (daily hand-off) began at Sunday 00:00 CET = Saturday 23:00Z.
      assert.equal((await who(id, '2026-03-27T22:59:00Z')).username, 'ann');
      const weekend = await who(id, '2026-03-29T12:00:00Z');
      assert.deepEqual(
        [weekend.username, weekend.source, weekend.since, weekend.until],
        [
          'carol',
          { kind: 'layer', layer: 1, name: 'weekend' },
          '2026-03-28T23:00:00.000Z',
          '2026-03-29T22:00:00.000Z',
        ],
      );
      assert.equal((await who(id, '2026-03-29T22:30:00Z')).username, 'ann');
      // Monday 09:00 CEST is 07:00Z now, not 08:00Z: bob takes over an hour "early" in UTC.
      assert.equal((await who(id, '2026-03-30T06:59:00Z')).username, 'ann');
      const bob = await who(id, '2026-03-30T07:30:00Z');
      assert.deepEqual(
        [bob.username, bob.since, bob.until],
        ['bob', '2026-03-30T07:00:00.000Z', '2026-04-06T07:00:00.000Z'],
      );
      assert.equal((await who(id, '2026-04-06T07:00:00Z')).username, 'ann');

      const o = await s.call('POST', `/api/schedules/${id}/overrides`, {
        user_id: u.dave,
        starts_at: '2026-03-25T12:00:00Z',
        ends_at: '2026-03-25T18:00:00Z',
      });
      assert.equal(o.statusCode, 201, o.body);
      assert.equal(o.json().username, 'dave');
      const covered = await who(id, '2026-03-25T13:00:00Z');
      assert.deepEqual(
        [covered.username, covered.source],
        ['dave', { kind: 'override', override_id: o.json().id }],
      );
      assert.equal((await who(id, '2026-03-25T18:00:00Z')).username, 'ann');

      const tl = await s.call(
        'GET',
        `/api/schedules/${id}/timeline?from=2026-03-25T00:00:00Z&to=2026-03-31T00:00:00Z`,
        undefined,
        s.viewer,
      );
      assert.equal(tl.statusCode, 200, tl.body);
      assert.deepEqual(
        tl.json().map((e: { username: string; from: string; to: string }) => [e.username, e.from, e.to]),
        [
          ['ann', '2026-03-25T00:00:00.000Z', '2026-03-25T12:00:00.000Z'],
          ['dave', '2026-03-25T12:00:00.000Z', '2026-03-25T18:00:00.000Z'],
          ['ann', '2026-03-25T18:00:00.000Z', '2026-03-27T23:00:00.000Z'],
          ['carol', '2026-03-27T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
          ['ann', '2026-03-29T22:00:00.000Z', '2026-03-30T07:00:00.000Z'],
          ['bob', '2026-03-30T07:00:00.000Z', '2026-03-31T00:00:00.000Z'],
        ],
      );
      const del = await s.call('DELETE', `/api/schedules/${id}/overrides/${o.json().id}`);
      assert.equal(del.statusCode, 204);
      assert.equal((await who(id, '2026-03-25T13:00:00Z')).username, 'ann');
    });

    test('daily rotation in New York: the fall-back day is 25 hours and the hand-off stays 09:00 local', async () => {
      const created = await s.call('POST', '/api/schedules', {
        name: 'New York',
        time_zone: 'America/New_York',
        layers: [
          {
            name: 'daily',
            members: [u.carol, u.dave, u.ann],
            rotation_length: 1,
            rotation_unit: 'days',
            start: '2026-10-30T09:00',
          },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().id as number;
      assert.equal((await who(id, '2026-10-30T13:00:00Z')).username, 'carol'); // 09:00 EDT
      const dave = await who(id, '2026-11-01T13:30:00Z'); // 08:30 EST: still dave's day
      assert.deepEqual(
        [dave.username, dave.since, dave.until],
        ['dave', '2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z'],
      );
      assert.equal((await who(id, '2026-11-01T14:00:00Z')).username, 'ann'); // 09:00 EST
      assert.equal((await who(id, '2026-11-02T13:59:00Z')).username, 'ann');
      assert.equal((await who(id, '2026-11-02T14:00:00Z')).username, 'carol');
      // Six turns later (2026-11-05 09:00 EST), and into the spring change (2027-03-14, EDT again).
      assert.equal((await who(id, '2026-11-05T14:00:00Z')).username, 'carol');
      // 2027-03-15 09:00 EDT = 13:00Z is day 136 after the start: 136 % 3 = 1 → dave.
      assert.equal((await who(id, '2027-03-15T12:59:00Z')).username, 'carol');
      assert.equal((await who(id, '2027-03-15T13:00:00Z')).username, 'dave');
    });

    test('bad input is a 422 naming the field and writes nothing; unknown ids are 404', async () => {
      const before = (await s.call('GET', '/api/schedules')).json().length;
      const layer = {
        name: 'l',
        members: [u.ann],
        rotation_length: 1,
        rotation_unit: 'days',
        start: '2026-01-01T09:00',
      };
      const cases: Array<[unknown, string]> = [
        [{ name: 'x', time_zone: 'Mars/Olympus', layers: [layer] }, 'time_zone'],
        [
          { name: 'x', time_zone: 'UTC', layers: [{ ...layer, members: [u.ann, 99999] }] },
          'layers.0.members.1',
        ],
        [
          { name: 'x', time_zone: 'UTC', layers: [{ ...layer, start: '2026-02-30T09:00' }] },
          'layers.0.start',
        ],
        [{ name: 'x', time_zone: 'UTC', layers: [{ ...layer, end: '2025-12-31T09:00' }] }, 'layers.0.end'],
      ];
      for (const [body, path] of cases) {
        const r = await s.call('POST', '/api/schedules', body);
        assert.equal(r.statusCode, 422, r.body);
        assert.ok(
          (r.json().errors as Array<{ path: string }>).some((e) => e.path === path),
          `${path} in ${r.body}`,
        );
      }
      assert.equal((await s.call('GET', '/api/schedules')).json().length, before);
      const dup = await s.call('POST', '/api/schedules', {
        name: 'Berlin',
        time_zone: 'UTC',
        layers: [layer],
      });
      assert.equal(dup.statusCode, 409);
      assert.equal(dup.json().code, 'schedule_name_taken');
      const ids = (await s.call('GET', '/api/schedules')).json().map((x: { id: number }) => x.id);
      const back = await s.call('POST', `/api/schedules/${ids[0]}/overrides`, {
        user_id: u.ann,
        starts_at: '2026-03-25T18:00:00Z',
        ends_at: '2026-03-25T12:00:00Z',
      });
      assert.equal(back.statusCode, 422);
      assert.equal(back.json().errors[0].path, 'ends_at');
      assert.equal((await s.call('GET', '/api/schedules/99999/on-call')).statusCode, 404);
      assert.equal(
        (await s.call('POST', '/api/schedules', { name: 'y', time_zone: 'UTC', layers: [layer] }, s.viewer))
          .statusCode,
        403,
      );
    });
  });
}
