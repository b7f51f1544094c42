import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { type SwitchableTarget, startSwitchableTarget } from './switchable-target.js';

interface Incident {
  id: number;
  monitor_id: number;
  status: string;
  severity: string;
  root_cause: string | null;
  resolved_at: string | null;
}

for (const target of await testDatabases()) {
  describe(`conditions on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let site: SwitchableTarget;
    let hook: HttpReceiver;
    let channel: number;

    const monitor = async (id: number) => (await h.call('GET', `/api/monitors/${id}`)).json();
    const statusIs = (id: number, status: string) => async () =>
      (await monitor(id)).current_status === status ? true : undefined;
    const incidentsOf = async (id: number) =>
      (await h.call('GET', `/api/incidents?monitor_id=${id}`)).json() as Incident[];
    const eventsFor = (id: number) =>
      hook.requests
        .map(
          (r) => JSON.parse(r.body) as { event: string; monitor: { id: number }; result: { error: string } },
        )
        .filter((e) => e.monitor.id === id);
    const create = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', '/api/monitors', {
        check_interval_seconds: 1,
        timeout_seconds: 1,
        retry_count: 0,
        retry_interval_seconds: 1,
        channel_ids: [channel],
        ...body,
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };

    before(async () => {
      h = await startHarness(target);
      site = await startSwitchableTarget();
      hook = await HttpReceiver.start();
      const ch = await h.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${hook.url}/alerts` },
      });
      channel = ch.json().id;
    });
    after(async () => {
      await h?.stop();
      await site?.close();
      await hook?.close();
    });

    test('the fields: defaults, tls_alert_days as another name for tls_warn_days, bounds', async () => {
      const m = await create({ name: 'fields', url: `${site.origin}/fields`, tls_alert_days: 21 });
      assert.equal(m.tls_warn_days, 21);
      assert.equal(m.tls_alert_days, 21);
      assert.equal(m.invert, false);
      assert.equal(m.recovery_count, 1);
      assert.equal(m.degraded_response_ms, null);
      assert.deepEqual(m.depends_on, []);
      assert.equal(m.status_reason, null);
      const both = await h.call('PATCH', `/api/monitors/${m.id}`, { tls_alert_days: 10, tls_warn_days: 12 });
      assert.equal(both.statusCode, 422);
      assert.equal(both.json().errors[0].path, 'tls_alert_days');
      const zero = await h.call('PATCH', `/api/monitors/${m.id}`, { recovery_count: 0 });
      assert.equal(zero.statusCode, 422);
      assert.match(zero.body, /recovery_count/);
      const ok = await h.call('PATCH', `/api/monitors/${m.id}`, { tls_warn_days: 5 });
      assert.equal(ok.json().tls_alert_days, 5);
      assert.equal((await h.call('DELETE', `/api/monitors/${m.id}`)).statusCode, 204);
    });

    test('degraded: slow is degraded (minor incident), down beats degraded, up resolves', async () => {
      site.slowMs = 300;
      // A 2 s timeout: on a loaded machine a 300 ms answer must not time out (that would be down).
      const m = await create({
        name: 'slow shop',
        url: `${site.origin}/slow`,
        degraded_response_ms: 150,
        check_interval_seconds: 2,
        timeout_seconds: 2,
      });
      await waitFor('degraded', statusIs(m.id, 'degraded'));
      const [minor] = await incidentsOf(m.id);
      assert.equal(minor!.severity, 'minor');
      assert.match(minor!.root_cause!, /slower than 150 ms/);
      const [degradedAlert] = await hook.waitFor(1);
      assert.equal(JSON.parse(degradedAlert!.body).event, 'monitor.degraded');

      site.status = 500;
      await waitFor('down', statusIs(m.id, 'down'));
      const [major] = await incidentsOf(m.id);
      assert.equal(major!.id, minor!.id);
      assert.equal(major!.severity, 'major');
      await hook.waitFor(2);

      site.status = 200;
      site.slowMs = 0;
      await waitFor('up', statusIs(m.id, 'up'));
      await hook.waitFor(3);
      assert.deepEqual(
        eventsFor(m.id).map((e) => e.event),
        ['monitor.degraded', 'monitor.down', 'monitor.up'],
      );
      const [resolved] = await incidentsOf(m.id);
      assert.equal(resolved!.status, 'resolved');
      const results = await resultsOf(h, m.id);
      assert.ok(results.every((r) => (r.status === 'up') === (r.status_code === 200)));
      assert.equal((await h.call('POST', `/api/monitors/${m.id}/pause`)).statusCode, 200);
    });

    test('invert: a failing check is up, a passing one is down with "expected failure, got success"', async () => {
      site.status = 503;
      const m = await create({ name: 'maintenance page', url: `${site.origin}/inverted`, invert: true });
      await waitFor('up while the target fails', statusIs(m.id, 'up'));
      const [first] = await resultsOf(h, m.id, 1);
      assert.equal(first!.status, 'up');
      assert.equal(first!.status_code, 503);
      assert.equal(first!.error, null);
      site.status = 200;
      await waitFor('down while the target answers', statusIs(m.id, 'down'));
      const [latest] = await resultsOf(h, m.id, 1);
      assert.equal(latest!.status, 'down');
      assert.equal(latest!.error, 'expected failure, got success');
      const [inc] = await incidentsOf(m.id);
      assert.equal(inc!.root_cause, 'expected failure, got success');
      assert.equal((await h.call('POST', `/api/monitors/${m.id}/pause`)).statusCode, 200);
    });

    test('recovery_count: a down monitor needs that many successes in a row to be up', async () => {
      site.status = 500;
      const m = await create({ name: 'flappy', url: `${site.origin}/flappy`, recovery_count: 3 });
      await waitFor('down', statusIs(m.id, 'down'));
      site.status = 200;
      await waitFor('up', statusIs(m.id, 'up'), 15_000);
      const results = await resultsOf(h, m.id);
      // Newest first: the three results after the last failure are successes, and the incident
      // resolved at the third of them, not the first.
      const lastDown = results.findIndex((r) => r.status === 'down');
      assert.ok(lastDown >= 3, `expected three successes after the last failure, got ${lastDown}`);
      const ups = [results[lastDown - 1]!, results[lastDown - 2]!, results[lastDown - 3]!];
      assert.ok(ups.every((r) => r.status === 'up'));
      const [inc] = await incidentsOf(m.id);
      assert.equal(inc!.status, 'resolved');
      assert.equal(inc!.resolved_at, ups[2]!.checked_at);
      assert.equal((await h.call('POST', `/api/monitors/${m.id}/pause`)).statusCode, 200);
    });
  });
}
