import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { sendMaintenanceNotices } from '../../src/alerting/subscriptions/maintenance-notices.js';
import { hashConfirmToken } from '../../src/alerting/subscriptions/subscription-tokens.js';
import { statusSubscribersRepo } from '../../src/store/repos/status-subscribers-repo.js';
import { waitFor } from '../engine/harness.js';
import { type OpsServer, roleTokens, startOn, type TestDb } from '../operations/ops-server.js';
import { headerOf, SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import {
  createStatusPage,
  enableSubscriptions,
  linkIn,
  mailTo,
  subscribeByForm,
} from './subscription-setup.js';

function assertProblem(res: LightMyRequestResponse, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().code, code);
  return res.json();
}

for (const target of await testDatabases()) {
  describe(`status page subscriptions (API) on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let smtp: SmtpReceiver;
    let root: string;
    let admin: string;
    let viewer: string;
    let pageId: number;
    let monitorId: number;

    before(async () => {
      db = await target.create();
      s = await startOn(db);
      smtp = await SmtpReceiver.start();
      root = await s.token();
      ({ admin, viewer } = await roleTokens(s, root));
      const m = await s.as(admin, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'Website', url: 'http://127.0.0.1:9/' },
      });
      monitorId = m.json().id;
      pageId = await createStatusPage(s.as.bind(s), root, {
        slug: 'acme',
        title: 'Acme',
        monitorIds: [monitorId],
      });
      await createStatusPage(s.as.bind(s), root, {
        slug: 'hidden',
        title: 'Hidden',
        monitorIds: [monitorId],
        isPublic: false,
      });
    });
    after(async () => {
      await s.close();
      await smtp.close();
      await db.cleanup();
    });

    const json = (slug: string, email: unknown) =>
      s.app.inject({ method: 'POST', url: `/status/${slug}/subscribe`, payload: { email } });
    const list = async (token = admin) => {
      const res = await s.as(token, { method: 'GET', url: `/api/status-pages/${pageId}/subscribers` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as Array<{
        id: number;
        email: string | null;
        status: string;
        confirmed_at: string | null;
      }>;
    };

    test('off until configured: the endpoints answer 404 and the settings take only an e-mail channel', async () => {
      assertProblem(await json('acme', 'a@example.test'), 404, 'not_found');
      const pageOff = await s.app.inject({ method: 'GET', url: '/status/acme' });
      assert.equal(pageOff.statusCode, 200);
      assert.doesNotMatch(pageOff.body, /class="subscribe"/);
      const form = await subscribeByForm(s, 'acme', 'a@example.test');
      assert.equal(form.statusCode, 404);
      assert.match(String(form.headers['content-type']), /^text\/html/);
      const hook = await s.as(root, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'hook', type: 'webhook', config: { url: 'http://127.0.0.1:9/x' } },
      });
      const bad = await s.as(root, {
        method: 'PUT',
        url: '/api/settings',
        payload: { status_subscriptions_channel_id: hook.json().id },
      });
      const body = assertProblem(bad, 422, 'validation_failed');
      assert.equal(body.errors[0].path, 'status_subscriptions_channel_id');
      assert.equal(
        (await s.as(root, { method: 'GET', url: '/api/settings' })).json().status_subscriptions_channel_id,
        null,
      );
      await enableSubscriptions(s.as.bind(s), root, smtp);
      const pageOn = await s.app.inject({ method: 'GET', url: '/status/acme' });
      assert.match(pageOn.body, /<form class="subscribe" method="post" action="\/status\/acme\/subscribe">/);
    });

    test('subscribing: the same answer for a new, a waiting and a confirmed address; bad input is refused', async () => {
      const first = await subscribeByForm(s, 'acme', 'Carol@Example.test');
      assert.equal(first.statusCode, 200, first.body);
      assert.match(String(first.headers['content-type']), /^text\/html/);
      assert.match(first.body, /Check your inbox/);
      assert.match(first.body, /<link rel="stylesheet" href="\/status-assets\//);
      assert.doesNotMatch(first.body, /<script|style=/);
      const viaJson = await json('acme', 'dave@example.test');
      assert.equal(viaJson.statusCode, 202, viaJson.body);
      assert.equal(viaJson.json().status, 'pending');

      const mail = await mailTo(smtp, 'carol@example.test', 'Confirm your subscription');
      const confirm = linkIn(mail, '/status-subscriptions/confirm/');
      const token = confirm.split('/').pop()!;
      assert.ok(headerOf(mail.raw, 'List-Unsubscribe')?.includes('/status-subscriptions/unsubscribe/'));
      // Only the hash is stored; the outbox holds the token encrypted, never in clear.
      const row = await s.ctx.db
        .selectFrom('status_subscribers')
        .selectAll()
        .where('email', '=', 'carol@example.test')
        .executeTakeFirstOrThrow();
      assert.equal(row.confirm_token_hash, hashConfirmToken(token));
      const outbox = await s.ctx.db.selectFrom('notification_outbox').select('payload').execute();
      assert.ok(outbox.every((o) => !o.payload.includes(token)));

      // A GET (a mail scanner's prefetch) shows a button and changes nothing, however often.
      for (let i = 0; i < 2; i++) {
        const page = await s.app.inject({ method: 'GET', url: confirm });
        assert.equal(page.statusCode, 200);
        assert.match(
          page.body,
          new RegExp(`<form class="subscription-action" method="post" action="${confirm}">`),
        );
        assert.match(page.body, /Confirm subscription/);
      }
      assert.equal((await list()).find((x) => x.email === 'carol@example.test')!.status, 'pending');
      const done = await s.app.inject({ method: 'POST', url: confirm });
      assert.equal(done.statusCode, 200, done.body);
      assert.match(done.body, /You are subscribed/);
      assert.equal((await list()).find((x) => x.email === 'carol@example.test')!.status, 'confirmed');
      // Single use.
      assert.equal((await s.app.inject({ method: 'POST', url: confirm })).statusCode, 404);
      assert.equal((await s.app.inject({ method: 'GET', url: confirm })).statusCode, 404);

      // Confirmed already: the same answer, and no mail queued.
      const confirms = async () =>
        (
          await s.ctx.db
            .selectFrom('notification_outbox')
            .select('id')
            .where('event', '=', 'status.confirm')
            .execute()
        ).length;
      const sent = await confirms();
      const again = await subscribeByForm(s, 'acme', 'carol@example.test');
      assert.equal(again.statusCode, 200);
      assert.equal(again.body, first.body);
      const againJson = await json('acme', 'carol@example.test');
      assert.deepEqual(againJson.json(), viaJson.json());
      assert.equal(await confirms(), sent);

      const badEmail = assertProblem(await json('acme', 'not-an-address'), 422, 'validation_failed');
      assert.equal(badEmail.errors[0].path, 'email');
      assertProblem(await json('acme', undefined), 422, 'validation_failed');
      assert.equal((await subscribeByForm(s, 'acme', 'nope')).statusCode, 422);
      assertProblem(await json('hidden', 'x@example.test'), 404, 'not_found');
      assertProblem(await json('nowhere', 'x@example.test'), 404, 'not_found');
      assert.equal((await s.ctx.db.selectFrom('status_subscribers').selectAll().execute()).length, 2);
    });

    test('an expired or unknown confirmation link is a 404 page and confirms nothing', async () => {
      await json('acme', 'late@example.test');
      const mail = await mailTo(smtp, 'late@example.test', 'Confirm your subscription');
      const confirm = linkIn(mail, '/status-subscriptions/confirm/');
      await s.ctx.db
        .updateTable('status_subscribers')
        .set({ confirm_expires_at: Date.now() - 1 })
        .where('email', '=', 'late@example.test')
        .execute();
      assert.equal((await s.app.inject({ method: 'GET', url: confirm })).statusCode, 404);
      assert.equal((await s.app.inject({ method: 'POST', url: confirm })).statusCode, 404);
      assert.equal(
        (await s.app.inject({ method: 'POST', url: '/status-subscriptions/confirm/nonsense' })).statusCode,
        404,
      );
      assert.equal((await list()).find((x) => x.email === 'late@example.test')!.status, 'pending');
      // Asking again sends a new link that works.
      await json('acme', 'late@example.test');
      const mails = await waitFor('the second confirmation mail', async () => {
        const found = smtp.messages.filter((m) => m.to.includes('late@example.test'));
        return found.length === 2 ? found : undefined;
      });
      const fresh = linkIn(mails[1]!, '/status-subscriptions/confirm/');
      assert.notEqual(fresh, confirm);
      assert.equal((await s.app.inject({ method: 'POST', url: fresh })).statusCode, 200);
    });

    test('too many requests for one mailbox are throttled (429 with Retry-After)', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await json('acme', 'flood@example.test')).statusCode);
      assert.deepEqual(codes, [202, 202, 202, 202, 202, 429]);
      const res = await json('acme', 'flood@example.test');
      assertProblem(res, 429, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) > 0);
    });

    test('an address that never confirms is forgotten once its link has expired', async () => {
      await json('acme', 'never@example.test');
      const row = () =>
        s.ctx.db
          .selectFrom('status_subscribers')
          .select('id')
          .where('email', '=', 'never@example.test')
          .executeTakeFirst();
      assert.ok(await row());
      assert.equal(await statusSubscribersRepo.pruneExpired(s.ctx.db, Date.now()), 0);
      await s.ctx.db
        .updateTable('status_subscribers')
        .set({ confirm_expires_at: Date.now() - 1 })
        .where('email', '=', 'never@example.test')
        .execute();
      assert.equal(await statusSubscribersRepo.pruneExpired(s.ctx.db, Date.now()), 1);
      assert.equal(await row(), undefined);
      assert.ok(
        (await list()).some((x) => x.email === 'carol@example.test'),
        'confirmed ones stay',
      );
    });

    test('admins list (paged) and remove subscribers; viewers see no addresses and cannot remove', async () => {
      const all = await list();
      assert.ok(all.length >= 3);
      assert.ok(all.every((x) => typeof x.email === 'string'));
      assert.ok(all.every((x) => x.id > 0 && ['pending', 'confirmed'].includes(x.status)));
      assert.ok((await list(viewer)).every((x) => x.email === null));
      const page1 = await s.as(admin, {
        method: 'GET',
        url: `/api/status-pages/${pageId}/subscribers?limit=2`,
      });
      assert.equal(page1.json().length, 2);
      const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))![1]!;
      const page2 = await s.as(admin, { method: 'GET', url: next });
      assert.ok(page2.json().every((x: { id: number }) => x.id < page1.json()[1].id));
      assertProblem(
        await s.as(admin, { method: 'GET', url: '/api/status-pages/99999/subscribers' }),
        404,
        'not_found',
      );

      const dave = all.find((x) => x.email === 'dave@example.test')!;
      const url = `/api/status-pages/${pageId}/subscribers/${dave.id}`;
      assertProblem(await s.as(viewer, { method: 'DELETE', url }), 403, 'forbidden');
      assert.equal((await s.as(admin, { method: 'DELETE', url })).statusCode, 204);
      assertProblem(await s.as(admin, { method: 'DELETE', url }), 404, 'not_found');
      assert.ok(!(await list()).some((x) => x.id === dave.id));
      const [entry] = (
        await s.as(root, { method: 'GET', url: '/api/audit-log?action=status_subscriber.delete' })
      ).json();
      assert.equal(entry.resource_id, String(dave.id));
      assert.equal(entry.actor_name, 'ops-admin');
    });

    test('maintenance start and end reach confirmed subscribers once, however many passes run', async () => {
      const start = Date.now() + 60_000;
      const end = start + 30 * 60_000;
      const w = await s.as(admin, {
        method: 'POST',
        url: '/api/maintenance',
        payload: {
          name: 'Database upgrade',
          starts_at: new Date(start).toISOString(),
          ends_at: new Date(end).toISOString(),
          monitor_ids: [monitorId],
        },
      });
      assert.equal(w.statusCode, 201, w.body);
      await s.ctx.maintenance.reload();
      const rows = () =>
        s.ctx.db
          .selectFrom('notification_outbox')
          .select(['event', 'dedup_key'])
          .where('event', 'like', 'status.maintenance%')
          .execute();
      assert.equal(await sendMaintenanceNotices(s.ctx.db, s.ctx, start - 1000), 0);
      // Two instances passing at the same moment: one mail per subscriber all the same.
      const [a, b] = await Promise.all([
        sendMaintenanceNotices(s.ctx.db, s.ctx, start + 1000),
        sendMaintenanceNotices(s.ctx.db, s.ctx, start + 1000),
      ]);
      const confirmed = (await list()).filter((x) => x.status === 'confirmed').length;
      assert.equal(a + b, confirmed);
      assert.equal(await sendMaintenanceNotices(s.ctx.db, s.ctx, start + 20_000), 0);
      assert.equal((await rows()).filter((r) => r.event === 'status.maintenance_started').length, confirmed);
      assert.equal(await sendMaintenanceNotices(s.ctx.db, s.ctx, end + 5000), confirmed);
      assert.equal(await sendMaintenanceNotices(s.ctx.db, s.ctx, end + 20_000), 0);
      assert.equal((await rows()).filter((r) => r.event === 'status.maintenance_ended').length, confirmed);
      const started = await mailTo(smtp, 'carol@example.test', 'Maintenance started: Database upgrade');
      assert.match(started.raw, /Affected: Website/);
      await mailTo(smtp, 'carol@example.test', 'Maintenance completed: Database upgrade');
      // Pending addresses get nothing.
      assert.ok(
        !smtp.messages.some((m) => m.to.includes('flood@example.test') && m.raw.includes('Maintenance')),
      );
    });

    test('unsubscribe links: a GET asks, a POST (also one-click) removes; forged links are 404', async () => {
      const mail = await mailTo(smtp, 'carol@example.test', 'Maintenance started');
      const link = linkIn(mail, '/status-subscriptions/unsubscribe/');
      assert.equal(headerOf(mail.raw, 'List-Unsubscribe'), `<http://status.example.test${link}>`);
      assert.equal(headerOf(mail.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      const ask = await s.app.inject({ method: 'GET', url: link });
      assert.equal(ask.statusCode, 200);
      assert.match(ask.body, /Unsubscribe from Acme\?/);
      assert.ok((await list()).some((x) => x.email === 'carol@example.test'));
      const [id, mac] = link.split('/').pop()!.split('.');
      const forged = `/status-subscriptions/unsubscribe/${Number(id) + 1}.${mac}`;
      assert.equal((await s.app.inject({ method: 'POST', url: forged })).statusCode, 404);
      const gone = await s.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(gone.statusCode, 200, gone.body);
      assert.match(gone.body, /You are unsubscribed/);
      assert.ok(!(await list()).some((x) => x.email === 'carol@example.test'));
      // Again: still fine, nothing left to remove.
      assert.equal((await s.app.inject({ method: 'POST', url: link })).statusCode, 200);
      const entries = (
        await s.as(root, { method: 'GET', url: '/api/audit-log?action=status_subscriber.' })
      ).json();
      assert.deepEqual(
        entries
          .filter((e: { action: string }) => e.action === 'status_subscriber.unsubscribe')
          .map((e: { actor_type: string }) => e.actor_type),
        ['anonymous'],
      );
    });
  });
}
