import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { formatMessage } from '../../src/alerting/notify/format.js';
import { watchLocationsOnce } from '../../src/engine/locations/offline-watch.js';
import type { BusEvent } from '../../src/platform/events/event-bus.js';
import { FAST_ENGINE, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { type LocationServer, startLocationServer } from './location-server.js';

for (const target of await testDatabases()) {
  describe(`location offline watch on ${target.name}`, { skip: target.skip }, () => {
    let s: LocationServer;
    let hook: HttpReceiver;
    let other: HttpReceiver;
    let token: string;
    const events: BusEvent[] = [];
    before(async () => {
      s = await startLocationServer(
        target,
        // Started an hour ago as far as the watch knows: its grace after a restart is over.
        { engine: FAST_ENGINE, locationWatch: { startedAt: Date.now() - 3600_000 } },
        { LOCATION_WATCH_MS: '100' },
      );
      s.ctx.bus.subscribe((ev) => {
        if (ev.event.startsWith('location.')) events.push(ev);
      });
      hook = await HttpReceiver.start();
      other = await HttpReceiver.start();
      const channel = async (name: string, url: string, enabled = true) => {
        const r = await s.call('POST', '/api/channels', {
          name,
          type: 'webhook',
          config: { url },
          is_enabled: enabled,
        });
        assert.equal(r.statusCode, 201, r.body);
        return r.json().id as number;
      };
      const a = await channel('ops', `${hook.url}/ops`);
      const off = await channel('disabled', `${hook.url}/disabled`, false);
      const b = await channel('unrelated', `${other.url}/x`);
      token = (
        await s.call('POST', '/api/locations', { name: 'Berlin', id: 'berlin', heartbeat_seconds: 5 })
      ).json().token;
      // Two monitors of Berlin share the channel (one alert), a local one has the unrelated channel.
      for (const name of ['one', 'two']) {
        const m = await s.call('POST', '/api/monitors', {
          name,
          url: 'http://127.0.0.1:9/',
          location_ids: ['berlin'],
          channel_ids: [a, off],
        });
        assert.equal(m.statusCode, 201, m.body);
      }
      const paused = await s.call('POST', '/api/monitors', {
        name: 'local',
        url: 'http://127.0.0.1:9/',
        channel_ids: [b],
      });
      await s.call('POST', `/api/monitors/${paused.json().id}/pause`);
    });
    after(async () => {
      await s.stop();
      await hook.close();
      await other.close();
    });

    const heartbeat = () =>
      s.probe(token, {
        method: 'POST',
        url: '/api/probe/heartbeat',
        payload: { version: '1.0.0', sent_at: Date.now(), spooled: 0, dropped: 0 },
      });
    const delivered = (event: string) =>
      waitFor(`a ${event} delivery`, async () => {
        const i = hook.requests.findIndex((r) => JSON.parse(r.body).event === event);
        return i < 0 ? undefined : { request: hook.requests[i]!, body: JSON.parse(hook.requests[i]!.body) };
      });

    test('first contact: online, no alert; silence: offline with event, audit and one alert; heartbeat: online again', async () => {
      assert.equal((await heartbeat()).statusCode, 200);
      assert.equal((await s.call('GET', '/api/locations/berlin')).json().status, 'online');
      assert.deepEqual(
        events.map((e) => [e.event, (e.data as { id: string }).id]),
        [
          ['location.updated', 'berlin'],
          ['location.online', 'berlin'],
        ],
      );
      assert.ok(s.ctx.locations.isOnline('berlin'));

      // 3 × 5 s is under the 30 s floor: silent for 31 s it goes offline at the next look.
      await s.ctx.db
        .updateTable('locations')
        .set({ last_seen_at: Date.now() - 31_000 })
        .where('id', '=', 'berlin')
        .execute();
      const offline = await waitFor('location.offline', async () =>
        events.find((e) => e.event === 'location.offline'),
      );
      assert.equal((offline.data as { status: string }).status, 'offline');
      assert.equal(s.ctx.locations.isOnline('berlin'), false);
      assert.equal((await s.call('GET', '/api/locations/berlin')).json().status, 'offline');
      const monitors = (await s.call('GET', '/api/monitors?location=berlin')).json();
      assert.deepEqual(
        monitors.map((m: { locations: { counted: boolean }[] }) => m.locations[0]!.counted),
        [false, false],
      );

      const { request, body } = await delivered('location.offline');
      assert.equal(request.path, '/ops');
      assert.equal(request.headers['x-monitor-event'], 'location.offline');
      assert.equal(body.location.id, 'berlin');
      assert.equal(body.location.name, 'Berlin');
      assert.equal(body.location.monitor_count, 2);
      const rows = await s.ctx.db
        .selectFrom('notification_outbox')
        .selectAll()
        .where('event', 'like', 'location.%')
        .execute();
      assert.equal(rows.length, 1, 'one alert for the enabled channel of the two monitors, none elsewhere');
      const audit = await s.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'location.offline')
        .execute();
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor_type, 'system');
      assert.equal(audit[0]!.resource_id, 'berlin');

      // Looking again changes nothing.
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(events.filter((e) => e.event === 'location.offline').length, 1);

      assert.equal((await heartbeat()).statusCode, 200);
      assert.equal((await s.call('GET', '/api/locations/berlin')).json().status, 'online');
      assert.ok(s.ctx.locations.isOnline('berlin'));
      const online = await delivered('location.online');
      assert.equal(online.body.location.id, 'berlin');
      assert.equal(events.filter((e) => e.event === 'location.online').length, 2);
      assert.equal(
        (
          await s.ctx.db
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', 'location.online')
            .execute()
        ).length,
        2,
        'first contact and the return are audited',
      );
      const alerts = await s.ctx.db
        .selectFrom('notification_outbox')
        .select('event')
        .where('event', 'like', 'location.%')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        alerts.map((a) => a.event),
        ['location.offline', 'location.online'],
      );
      assert.equal(other.requests.length, 0);
    });

    test('after a restart a silent location keeps its status for its own limit', async () => {
      await s.ctx.db
        .updateTable('locations')
        .set({ last_seen_at: Date.now() - 3600_000 })
        .where('id', '=', 'berlin')
        .execute();
      const now = Date.now();
      // A process started 10 s ago gives Berlin (limit 30 s) 20 s more.
      assert.deepEqual(await watchLocationsOnce(s.ctx, now, now - 10_000), []);
    });

    test('the alert text names the location', () => {
      const m = formatMessage(
        {
          event: 'location.offline',
          monitor: { id: 0, name: 'Berlin', url: null },
          incident: null,
          result: null,
          at: '2026-01-01T00:00:00.000Z',
          location: {
            id: 'berlin',
            name: 'Berlin',
            region: 'eu-central',
            last_seen_at: '2026-01-01T00:00:00.000Z',
            monitor_count: 2,
          },
        },
        'https://status.example',
      );
      assert.equal(m.title, '[LOCATION OFFLINE] Berlin');
      assert.match(
        m.text,
        /^Check location Berlin \(eu-central\) stopped reporting .*quorum of its 2 monitors\.\nhttps:\/\/status\.example\/locations$/,
      );
      assert.equal(m.severity, 'warning');
    });
  });
}
