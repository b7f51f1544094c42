import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { sendDueEscalations } from '../../src/alerting/escalation/escalation-tick.js';
import { waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { type EscalationServer, flippableTarget, startEscalationServer } from './escalation-server.js';

type Body = {
  event: string;
  incident: { id: number; status: string } | null;
  monitor: { id: number; name: string };
  message?: { title: string; text: string };
  escalation?: { step: number; steps: number; after_minutes: number };
};
const bodies = (rx: HttpReceiver) => rx.requests.map((r) => JSON.parse(r.body) as Body);
const ofIncident = (rx: HttpReceiver, id: number, event?: string) =>
  bodies(rx).filter((b) => b.incident?.id === id && (event === undefined || b.event === event));

for (const target of await testDatabases()) {
  describe(`escalation with the real engine on ${target.name}`, { skip: target.skip }, () => {
    let s: EscalationServer;
    let site: Awaited<ReturnType<typeof flippableTarget>>;
    let own: HttpReceiver;
    let first: HttpReceiver;
    let second: HttpReceiver;
    let channel: { own: number; first: number; second: number };
    before(async () => {
      s = await startEscalationServer(target);
      site = await flippableTarget();
      [own, first, second] = await Promise.all([
        HttpReceiver.start(),
        HttpReceiver.start(),
        HttpReceiver.start(),
      ]);
      const make = async (name: string, rx: HttpReceiver) => {
        const r = await s.call('POST', '/api/channels', {
          name,
          type: 'webhook',
          config: { url: `${rx.url}/${name}` },
        });
        assert.equal(r.statusCode, 201, r.body);
        return r.json().id as number;
      };
      channel = {
        own: await make('own', own),
        first: await make('first', first),
        second: await make('second', second),
      };
      // The second step's channel speaks with its own words.
      const t = await s.call('PUT', `/api/channels/${channel.second}/templates/escalation`, {
        title: 'PAGE {{escalation.step}}/{{escalation.steps}}: {{monitor.name}}',
        body: '{{monitor.name}} has been down since {{incident.started_at}}{{#reason}} ({{reason}}){{/reason}}; nobody acknowledged it.',
      });
      assert.equal(t.statusCode, 200, t.body);
      const u = await s.call('PUT', `/api/channels/${channel.second}/templates/up`, {
        title: 'OK {{monitor.name}}',
        body: 'Back after {{incident.duration}} & fine.',
      });
      assert.equal(u.statusCode, 200, u.body);
    });
    after(async () => {
      await s.stop();
      await site.close();
      await Promise.all([own.close(), first.close(), second.close()]);
    });

    async function monitorWith(name: string, policy: unknown): Promise<number> {
      const p = await s.call('POST', '/api/escalation-policies', policy);
      assert.equal(p.statusCode, 201, p.body);
      const m = await s.call('POST', '/api/monitors', {
        name,
        url: site.url,
        check_interval_seconds: 1,
        timeout_seconds: 1,
        retry_count: 0,
        channel_ids: [channel.own],
        escalation_policy_id: p.json().id,
      });
      assert.equal(m.statusCode, 201, m.body);
      assert.equal(m.json().escalation_policy_id, p.json().id);
      return m.json().id;
    }
    const openIncident = (monitorId: number) =>
      waitFor('incident', async () => {
        const list = (await s.call('GET', `/api/incidents?monitor_id=${monitorId}`)).json() as Array<{
          id: number;
          status: string;
          started_at: string;
        }>;
        return list.find((i) => i.status !== 'resolved');
      });

    test('an unacknowledged incident escalates to step 1, then to step 2 after its delay; recovery reaches every channel', async () => {
      const id = await monitorWith('checkout', {
        name: 'fast',
        // 0.6 s and 1.8 s after the incident opened.
        steps: [
          { after_minutes: 0.01, channel_ids: [channel.first] },
          { after_minutes: 0.03, channel_ids: [channel.second] },
        ],
      });
      await waitFor('monitor up', async () =>
        (await s.call('GET', `/api/monitors/${id}`)).json().current_status === 'up' ? true : undefined,
      );
      site.status = 500;
      const incident = await openIncident(id);
      const step2 = await waitFor('step 2', async () => ofIncident(second, incident.id)[0], 15_000);
      const step1 = ofIncident(first, incident.id);
      assert.equal(step1.length, 1, 'step 1 went out once, to its channel');
      assert.equal(step1[0]!.event, 'monitor.escalated');
      assert.equal(step1[0]!.message, undefined, 'no template: the payload as before');
      // The webhook body says which step, as docs/escalation.md documents.
      assert.deepEqual(step1[0]!.escalation, { step: 1, steps: 2, after_minutes: 0.01 });
      assert.deepEqual(step2.escalation, { step: 2, steps: 2, after_minutes: 0.03 });
      assert.equal(step2.event, 'monitor.escalated');
      assert.equal(step2.monitor.name, 'checkout');
      assert.equal(step2.message!.title, 'PAGE 2/2: checkout');
      assert.equal(
        step2.message!.text,
        `checkout has been down since ${incident.started_at} (expected status 2xx, got 500); nobody acknowledged it.`,
      );
      assert.deepEqual(
        ofIncident(own, incident.id).map((b) => b.event),
        ['monitor.down'],
        'the monitor’s own channel had the down alert, not the escalations',
      );
      const detail = (await s.call('GET', `/api/incidents/${incident.id}`)).json();
      assert.equal(detail.status, 'open');

      site.status = 200;
      for (const rx of [own, first, second]) {
        await waitFor('recovery', async () => ofIncident(rx, incident.id, 'monitor.up')[0]);
      }
      const up = ofIncident(second, incident.id, 'monitor.up')[0]!;
      assert.equal(up.message!.title, 'OK checkout');
      assert.match(up.message!.text, /^Back after \d+s & fine\.$/, 'webhooks get values unescaped');
      assert.equal(ofIncident(first, incident.id, 'monitor.up')[0]!.message, undefined);
      assert.equal(up.escalation, undefined, 'only an escalation carries the step');
      for (const rx of [own, first, second])
        assert.equal(ofIncident(rx, incident.id, 'monitor.up').length, 1);
      assert.equal((await s.call('POST', `/api/monitors/${id}/pause`)).statusCode, 200);
    });

    test('acknowledging stops the escalation and records who did it', async () => {
      site.status = 200;
      const id = await monitorWith('billing', {
        name: 'slow second step',
        // Step 2 falls due 3 s after the incident opened, long after the acknowledgement.
        steps: [
          { after_minutes: 0.01, channel_ids: [channel.first] },
          { after_minutes: 0.05, channel_ids: [channel.second] },
        ],
      });
      await waitFor('monitor up', async () =>
        (await s.call('GET', `/api/monitors/${id}`)).json().current_status === 'up' ? true : undefined,
      );
      site.status = 500;
      const incident = await openIncident(id);
      await waitFor('step 1', async () => ofIncident(first, incident.id)[0], 15_000);
      const ack = await s.call('POST', `/api/incidents/${incident.id}/acknowledge`);
      assert.equal(ack.statusCode, 200, ack.body);
      assert.equal(ack.json().acknowledged_by, 'esc-admin');
      const dueAt = Date.parse(incident.started_at) + 0.05 * 60_000;
      // The tick runs in the background too; this is the one that would send step 2, past its time.
      await waitFor('step 2 due time', async () => (Date.now() > dueAt + 300 ? true : undefined));
      assert.equal(await sendDueEscalations(s.server.ctx.db, s.server.ctx, Date.now()), 0);
      const row = await s.server.ctx.db
        .selectFrom('incidents')
        .select('escalations_sent')
        .where('id', '=', incident.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.escalations_sent), 1);
      const queued = await s.server.ctx.db
        .selectFrom('notification_outbox')
        .select('id')
        .where('channel_id', '=', channel.second)
        .where('dedup_key', 'like', `monitor.escalated:incident:${incident.id}:%`)
        .execute();
      assert.equal(queued.length, 0, 'step 2 was never queued');
      assert.equal(ofIncident(second, incident.id).length, 0);
      site.status = 200;
      await waitFor('recovery', async () => ofIncident(first, incident.id, 'monitor.up')[0]);
    });
  });
}
