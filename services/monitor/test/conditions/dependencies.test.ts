import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { type SwitchableTarget, startSwitchableTarget } from './switchable-target.js';

const DEPENDANTS = 20;

interface MonitorView {
  id: number;
  current_status: string;
  status_reason: string | null;
  depends_on: number[];
}

for (const target of await testDatabases()) {
  describe(`dependencies on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let net: SwitchableTarget;
    let hook: HttpReceiver;
    let router: number;
    const dependants: number[] = [];

    const monitors = async () => (await h.call('GET', '/api/monitors')).json() as MonitorView[];
    const pendingOutbox = async () =>
      (
        await h.server.ctx.db
          .selectFrom('notification_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .execute()
      ).length;

    before(async () => {
      h = await startHarness(target);
      net = await startSwitchableTarget();
      hook = await HttpReceiver.start();
      const ch = await h.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${hook.url}/alerts` },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      const channel_ids = [ch.json().id];
      const r = await h.call('POST', '/api/monitors', {
        name: 'router',
        url: `${net.origin}/router`,
        check_interval_seconds: 2,
        timeout_seconds: 1,
        retry_count: 1,
        retry_interval_seconds: 1,
        channel_ids,
      });
      assert.equal(r.statusCode, 201, r.body);
      router = r.json().id;
      for (let i = 0; i < DEPENDANTS; i++) {
        const d = await h.call('POST', '/api/monitors', {
          name: `server-${i}`,
          url: `${net.origin}/server/${i}`,
          check_interval_seconds: 1,
          timeout_seconds: 1,
          retry_count: 0,
          retry_interval_seconds: 1,
          channel_ids,
          depends_on: [router],
        });
        assert.equal(d.statusCode, 201, d.body);
        assert.deepEqual(d.json().depends_on, [router]);
        dependants.push(d.json().id);
      }
      await waitFor('all monitors up', async () =>
        (await monitors()).every((m) => m.current_status === 'up') ? true : undefined,
      );
    });
    after(async () => {
      await h?.stop();
      await net?.close();
      await hook?.close();
    });

    test('dependencies are validated: unknown ids, the monitor itself and cycles are 422 naming depends_on', async () => {
      const unknown = await h.call('PATCH', `/api/monitors/${router}`, { depends_on: [999999] });
      assert.equal(unknown.statusCode, 422);
      assert.equal(unknown.json().errors[0].path, 'depends_on.0');
      assert.match(unknown.json().errors[0].message, /monitor 999999 does not exist/);
      const self = await h.call('PATCH', `/api/monitors/${router}`, { depends_on: [router] });
      assert.equal(self.statusCode, 422);
      assert.equal(self.json().errors[0].path, 'depends_on.0');
      const cycle = await h.call('PATCH', `/api/monitors/${router}`, { depends_on: [dependants[3]] });
      assert.equal(cycle.statusCode, 422);
      assert.equal(cycle.json().errors[0].path, 'depends_on');
      assert.match(cycle.json().errors[0].message, /cycle/);
      const after = (await h.call('GET', `/api/monitors/${router}`)).json();
      assert.deepEqual(after.depends_on, []);
      assert.equal(after.status_reason, null);
    });

    test('the parent taken down gives one incident and one delivery listing its dependants', async () => {
      net.status = 503;
      const downAll = await waitFor(
        'router down and every dependant dependency_down',
        async () => {
          const all = await monitors();
          const r = all.find((m) => m.id === router)!;
          const deps = all.filter((m) => dependants.includes(m.id));
          return r.current_status === 'down' &&
            r.status_reason === null &&
            deps.every((m) => m.current_status === 'down' && m.status_reason === 'dependency_down')
            ? all
            : undefined;
        },
        20_000,
      );
      assert.equal(downAll.length, DEPENDANTS + 1);
      const incidents = (await h.call('GET', '/api/incidents?limit=100')).json() as {
        id: number;
        monitor_id: number;
        severity: string;
      }[];
      assert.deepEqual(
        incidents.map((i) => [i.monitor_id, i.severity]),
        [[router, 'major']],
      );
      const detail = await waitFor('all dependants listed on the incident', async () => {
        const d = (await h.call('GET', `/api/incidents/${incidents[0]!.id}`)).json();
        return d.affected.length === DEPENDANTS ? d : undefined;
      });
      assert.deepEqual(
        (detail.affected as { id: number }[]).map((a) => a.id).sort((a, b) => a - b),
        [...dependants].sort((a, b) => a - b),
      );
      await waitFor('the outbox drained', async () => ((await pendingOutbox()) === 0 ? true : undefined));
      const [alert] = await hook.waitFor(1);
      assert.equal(hook.requests.length, 1);
      const payload = JSON.parse(alert!.body);
      assert.equal(payload.event, 'monitor.down');
      assert.equal(payload.monitor.id, router);
      assert.ok(payload.affected.count >= 1 && payload.affected.count <= DEPENDANTS, alert!.body);
      assert.equal(payload.affected.monitors.length, payload.affected.count);
      assert.match(hook.requests[0]!.body, /"event":"monitor.down"/);
      for (const a of payload.affected.monitors) assert.ok(dependants.includes(a.id));
    });

    test('the parent recovers: one up alert, dependants judged as usual on their next check', async () => {
      net.status = 200;
      await waitFor(
        'everything up',
        async () =>
          (await monitors()).every((m) => m.current_status === 'up' && m.status_reason === null)
            ? true
            : undefined,
        20_000,
      );
      await waitFor('the outbox drained', async () => ((await pendingOutbox()) === 0 ? true : undefined));
      const events = hook.requests.map(
        (r) => JSON.parse(r.body) as { event: string; monitor: { id: number } },
      );
      assert.deepEqual(
        events.map((e) => [e.event, e.monitor.id]),
        [
          ['monitor.down', router],
          ['monitor.up', router],
        ],
      );
      const open = (await h.call('GET', '/api/incidents?status=open')).json();
      assert.deepEqual(open, []);
    });

    test('with the parent up, a dependant failing on its own opens its own incident', async () => {
      const lone = dependants[0]!;
      const res = await h.call('PATCH', `/api/monitors/${lone}`, {
        url: `${net.origin}/server/0?x=1`,
        invert: true,
      });
      assert.equal(res.statusCode, 200, res.body);
      const inc = await waitFor('its own incident', async () => {
        const list = (await h.call('GET', `/api/incidents?monitor_id=${lone}&status=open`)).json();
        return list.length === 1 ? list[0] : undefined;
      });
      assert.equal(inc.severity, 'major');
      assert.equal(inc.root_cause, 'expected failure, got success');
      const m = (await h.call('GET', `/api/monitors/${lone}`)).json();
      assert.equal(m.current_status, 'down');
      assert.equal(m.status_reason, null);
    });
  });
}
