import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { FAST_ENGINE, waitFor } from '../engine/harness.js';
import { type OpsServer, startOn, type TestDb } from '../operations/ops-server.js';
import { decodedBody, headerOf, SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import {
  createStatusPage,
  enableSubscriptions,
  linkIn,
  mailTo,
  subscribeByForm,
} from './subscription-setup.js';

/** A loopback target the test switches between healthy (200) and broken (500). */
async function switchableTarget() {
  const state = { status: 200 };
  const server: Server = createServer((_req, res) => {
    res.writeHead(state.status).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

for (const target of await testDatabases()) {
  describe(`status page subscription round trip on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let smtp: SmtpReceiver;
    let site: Awaited<ReturnType<typeof switchableTarget>>;
    let root: string;
    let channelId: number;
    let monitorId: number;

    before(async () => {
      db = await target.create();
      s = await startOn(db, { startEngine: true, engine: FAST_ENGINE });
      smtp = await SmtpReceiver.start();
      site = await switchableTarget();
      root = await s.token();
      channelId = await enableSubscriptions(s.as.bind(s), root, smtp);
      const m = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: {
          name: 'Checkout',
          url: site.url,
          check_interval_seconds: 1,
          timeout_seconds: 1,
          retry_count: 0,
        },
      });
      assert.equal(m.statusCode, 201, m.body);
      monitorId = m.json().id;
      const other = await s.as(root, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'Blog', url: 'http://127.0.0.1:9/', check_interval_seconds: 3600 },
      });
      await s.as(root, { method: 'POST', url: `/api/monitors/${other.json().id}/pause` });
      await createStatusPage(s.as.bind(s), root, {
        slug: 'shop',
        title: 'Shop status',
        monitorIds: [monitorId],
      });
      await createStatusPage(s.as.bind(s), root, {
        slug: 'blog',
        title: 'Blog status',
        monitorIds: [other.json().id],
      });
      await waitFor('monitor up', async () =>
        (await s.as(root, { method: 'GET', url: `/api/monitors/${monitorId}` })).json().current_status ===
        'up'
          ? true
          : undefined,
      );
    });
    after(async () => {
      await s.close();
      await smtp.close();
      await site.close();
      await db.cleanup();
    });

    const incidents = async () =>
      (await s.as(root, { method: 'GET', url: `/api/incidents?monitor_id=${monitorId}` })).json() as Array<{
        id: number;
        status: string;
      }>;
    /** Subscriber mail queued for an incident: queued in the transaction that opened or resolved it. */
    const queuedFor = async (incidentId: number) =>
      s.ctx.db
        .selectFrom('notification_outbox')
        .select(['event', 'payload', 'status'])
        .where('event', 'like', 'status.%')
        .where('dedup_key', 'like', `%:incident:${incidentId}:%`)
        .execute();
    const confirmVia = async (email: string) => {
      const mail = await mailTo(smtp, email, 'Confirm your subscription');
      const link = linkIn(mail, '/status-subscriptions/confirm/');
      const page = await s.app.inject({ method: 'GET', url: link });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<button type="submit">Confirm subscription<\/button>/);
      const done = await s.app.inject({ method: 'POST', url: link });
      assert.equal(done.statusCode, 200, done.body);
    };

    test('subscribe, confirm, an outage and its recovery by mail (retried when the server refuses), unsubscribe', async () => {
      for (const [slug, email] of [
        ['shop', 'carol@example.test'],
        ['shop', 'erin@example.test'],
        ['blog', 'dave@example.test'],
      ] as const) {
        assert.equal((await subscribeByForm(s, slug, email)).statusCode, 200);
      }
      await confirmVia('carol@example.test');
      await confirmVia('dave@example.test');
      // erin never confirms.

      site.state.status = 500;
      const [open] = await waitFor('incident', async () => {
        const list = await incidents();
        return list.length ? list : undefined;
      });
      const down = await mailTo(smtp, 'carol@example.test', 'Incident: Checkout is down');
      assert.match(headerOf(down.raw, 'Subject') ?? '', /\[Shop status\] Incident: Checkout is down/);
      const unsubscribe = linkIn(down, '/status-subscriptions/unsubscribe/');
      assert.equal(headerOf(down.raw, 'List-Unsubscribe'), `<http://status.example.test${unsubscribe}>`);
      assert.equal(headerOf(down.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      // The text after the headers (a random Message-ID may well hold "500").
      const body = decodedBody(down.raw.slice(down.raw.search(/\r?\n\r?\n/)));
      assert.match(body, /http:\/\/status\.example\.test\/status\/shop/);
      // Nothing of the monitor beyond its name: no target URL, no error text (the links' random
      // tokens left out of the second check).
      assert.ok(!body.includes(site.url) && !body.replace(/https?:\/\/\S+/g, '').includes('500'), body);
      // Only carol: erin did not confirm, dave follows another page.
      assert.deepEqual((await queuedFor(open!.id)).map((r) => JSON.parse(r.payload).subscriber_id).length, 1);

      const update = await s.as(root, {
        method: 'POST',
        url: `/api/incidents/${open!.id}/updates`,
        payload: { status: 'identified', message: 'The payment provider is down; we are switching over.' },
      });
      assert.equal(update.statusCode, 201, update.body);
      const told = await mailTo(smtp, 'carol@example.test', 'Identified: Checkout');
      assert.match(decodedBody(told.raw), /switching over/);

      // The SMTP server refuses twice; the outbox retries and the recovery mail still arrives.
      smtp.refusals = 2;
      site.state.status = 200;
      await mailTo(smtp, 'carol@example.test', 'Resolved: Checkout');
      assert.equal(smtp.refused, 2);
      // The peer has the mail once the SMTP exchange ends; the worker logs the delivery just after.
      const resolved = await waitFor('the delivered attempt in the log', async () => {
        const deliveries = (
          await s.as(root, { method: 'GET', url: `/api/channels/${channelId}/deliveries` })
        ).json() as Array<{ event: string; status: string; will_retry: boolean }>;
        const list = deliveries.filter((d) => d.event === 'status.incident_resolved');
        return list.some((d) => d.status === 'delivered') ? list : undefined;
      });
      assert.deepEqual(
        resolved.map((d) => d.status),
        ['delivered', 'failed', 'failed'],
      );

      // Unsubscribe (a GET only asks), then the next outage mails nobody.
      assert.equal((await s.app.inject({ method: 'GET', url: unsubscribe })).statusCode, 200);
      const gone = await s.app.inject({ method: 'POST', url: unsubscribe });
      assert.equal(gone.statusCode, 200, gone.body);
      site.state.status = 500;
      const second = await waitFor('second incident', async () => {
        const list = await incidents();
        return list.length === 2 ? list[0] : undefined;
      });
      assert.deepEqual(await queuedFor(second!.id), []);

      for (const who of ['erin@example.test', 'dave@example.test']) {
        const got = smtp.messages.filter((m) => m.to.includes(who)).map((m) => headerOf(m.raw, 'Subject'));
        assert.deepEqual(got.length, 1, `${who}: ${got.join(' | ')}`);
        assert.match(got[0]!, /Confirm your subscription/);
      }
      site.state.status = 200;
    });
  });
}
