import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { notifyMonitorEvent } from '../../src/alerting/notify/enqueue.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import { eventually, type OpsServer, startOn, type TestDb } from './ops-server.js';

for (const target of await testDatabases()) {
  describe(`channel providers on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let rx: HttpReceiver;
    let smtp: SmtpReceiver;
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      rx = await HttpReceiver.start();
      smtp = await SmtpReceiver.start({ username: 'mailer', password: 'mail-pass' });
    });
    after(async () => {
      await s.close();
      await rx.close();
      await smtp.close();
      await db.cleanup();
    });

    async function channel(name: string, type: string, config: Record<string, unknown>): Promise<number> {
      const res = await s.as(root, { method: 'POST', url: '/api/channels', payload: { name, type, config } });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id;
    }

    async function sendTest(id: number) {
      rx.reset();
      const res = await s.as(root, { method: 'POST', url: `/api/channels/${id}/test` });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { ok: true });
      assert.equal(rx.requests.length, 1);
      const r = rx.requests[0]!;
      assert.equal(r.method, 'POST');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['user-agent'], 'monitor-service');
      return { req: r, body: rx.json(0) };
    }

    test('webhook: the payload as JSON, signed with HMAC-SHA256 of the raw body', async () => {
      const id = await channel('hook', 'webhook', {
        url: `${rx.url}/hooks/monitor?x=1`,
        secret: 'hook-secret',
      });
      const { req, body } = await sendTest(id);
      assert.equal(req.path, '/hooks/monitor?x=1');
      assert.equal(req.headers['content-type'], 'application/json');
      const expected = `sha256=${createHmac('sha256', 'hook-secret').update(req.body).digest('hex')}`;
      assert.equal(req.headers['x-signature-256'], expected);
      assert.deepEqual(Object.keys(body).sort(), ['at', 'event', 'incident', 'monitor', 'result']);
      assert.equal(body.event, 'test');
      assert.deepEqual(body.monitor, { id: 0, name: 'Sample monitor', url: 'https://example.com/health' });
      assert.match(body.at as string, /Z$/);
    });

    test('slack, discord and teams: their webhook message shapes', async () => {
      const slack = await sendTest(
        await channel('slack', 'slack', { webhook_url: `${rx.url}/services/T0/B0/xyz` }),
      );
      assert.equal(slack.req.path, '/services/T0/B0/xyz');
      assert.match(slack.body.text as string, /^\*\[TEST\] Sample monitor\*\n/);

      const discord = await sendTest(
        await channel('discord', 'discord', { webhook_url: `${rx.url}/api/webhooks/1/tok` }),
      );
      assert.equal(discord.req.path, '/api/webhooks/1/tok');
      const embeds = discord.body.embeds as Array<Record<string, unknown>>;
      assert.equal(embeds.length, 1);
      assert.equal(embeds[0]!.title, '[TEST] Sample monitor');
      assert.equal(typeof embeds[0]!.color, 'number');

      const teams = await sendTest(
        await channel('teams', 'teams', { webhook_url: `${rx.url}/workflows/abc` }),
      );
      assert.equal(teams.req.path, '/workflows/abc');
      assert.equal(teams.body.type, 'message');
      const att = (teams.body.attachments as Array<Record<string, unknown>>)[0]!;
      assert.equal(att.contentType, 'application/vnd.microsoft.card.adaptive');
      assert.equal((att.content as Record<string, unknown>).type, 'AdaptiveCard');
    });

    test('telegram: sendMessage under /bot<token>/ with the chat id', async () => {
      const id = await channel('tg', 'telegram', {
        bot_token: '123:ABC',
        chat_id: '-10042',
        base_url: rx.url,
      });
      const { req, body } = await sendTest(id);
      assert.equal(req.path, '/bot123:ABC/sendMessage');
      assert.equal(body.chat_id, '-10042');
      assert.match(body.text as string, /^\[TEST\] Sample monitor\n/);
    });

    test('ntfy: JSON publish to the server root with topic, priority and bearer token', async () => {
      const id = await channel('ntfy', 'ntfy', {
        server_url: `${rx.url}/`,
        topic: 'ops-alerts',
        token: 'tk_abc',
        priority: 5,
      });
      const { req, body } = await sendTest(id);
      assert.equal(req.path, '/');
      assert.equal(req.headers.authorization, 'Bearer tk_abc');
      assert.equal(body.topic, 'ops-alerts');
      assert.equal(body.priority, 5);
      assert.equal(body.title, '[TEST] Sample monitor');
    });

    test('pagerduty: Events API v2 trigger on down, resolve with the same dedup key on up', async () => {
      const id = await channel('pd', 'pagerduty', { routing_key: 'R0UT1NG', base_url: rx.url });
      const t = await sendTest(id);
      assert.equal(t.req.path, '/v2/enqueue');
      assert.equal(t.body.event_action, 'trigger');
      assert.equal((t.body.payload as Record<string, unknown>).severity, 'info');

      rx.reset();
      rx.fallback = { status: 202, body: '{"status":"success"}', contentType: 'application/json' };
      const monitor = { id: 7, name: 'api', url: 'https://api.example.test/health' };
      const incident = {
        id: 31,
        status: 'open',
        started_at: new Date().toISOString(),
        root_cause: 'HTTP 500',
      };
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident,
          result: { status: 'down', status_code: 500 },
        }),
      );
      await rx.waitFor(1);
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.escalated',
          incident,
          escalation: { step: 1, steps: 2, after_minutes: 5 },
        }),
      );
      await rx.waitFor(2);
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.up',
          incident: { ...incident, duration_seconds: 90 },
        }),
      );
      await rx.waitFor(3);
      const [down, escalated, up] = [rx.json(0), rx.json(1), rx.json(2)];
      // The escalation re-raises the incident's alert and says which step it is.
      assert.equal(escalated.dedup_key, 'monitor-7-incident-31');
      const details = (escalated.payload as { custom_details: Record<string, unknown> }).custom_details;
      assert.deepEqual(details.escalation, { step: 1, steps: 2, after_minutes: 5 });
      assert.equal(
        (down.payload as { custom_details: Record<string, unknown> }).custom_details.escalation,
        undefined,
      );
      assert.equal(down.routing_key, 'R0UT1NG');
      assert.equal(down.event_action, 'trigger');
      assert.equal(down.dedup_key, 'monitor-7-incident-31');
      const p = down.payload as Record<string, unknown>;
      assert.equal(p.severity, 'critical');
      assert.equal(p.source, 'https://api.example.test/health');
      assert.match(p.summary as string, /api .* is down: HTTP 500/);
      assert.deepEqual(up, {
        routing_key: 'R0UT1NG',
        event_action: 'resolve',
        dedup_key: 'monitor-7-incident-31',
      });
      rx.fallback = { status: 200, body: '{"ok":true}', contentType: 'application/json' };
    });

    test('email: a real SMTP server receives the message, with settings as defaults', async () => {
      const id = await channel('mail', 'email', {
        to: 'ops@example.test, oncall@example.test',
        host: '127.0.0.1',
        port: smtp.port,
        username: 'mailer',
        password: 'mail-pass',
        from: 'Monitor <monitor@example.test>',
      });
      const res = await s.as(root, { method: 'POST', url: `/api/channels/${id}/test` });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(smtp.messages.length, 1);
      const m = smtp.messages[0]!;
      assert.equal(m.from, 'monitor@example.test');
      assert.deepEqual(m.to, ['ops@example.test', 'oncall@example.test']);
      assert.equal(m.user, 'mailer');
      assert.match(m.raw, /^Subject: \[TEST\] Sample monitor\r?$/m);

      // Server, login and sender from the settings; the channel names recipients only.
      const put = await s.as(root, {
        method: 'PUT',
        url: '/api/settings',
        payload: {
          smtp_host: '127.0.0.1',
          smtp_port: smtp.port,
          smtp_username: 'mailer',
          smtp_password: 'mail-pass',
          smtp_from: 'alerts@example.test',
          app_base_url: 'https://status.example.test',
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      const bare = await channel('mail-defaults', 'email', { to: 'team@example.test' });
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor: { id: 9, name: 'db', url: 'tcp://db:5432' },
          channelIds: [bare],
          event: 'monitor.down',
          incident: { id: 5 },
          result: { error: 'ECONNREFUSED' },
        }),
      );
      await eventually(
        async () => smtp.messages.length,
        (n) => n === 2,
      );
      const d = smtp.messages[1]!;
      assert.equal(d.from, 'alerts@example.test');
      assert.deepEqual(d.to, ['team@example.test']);
      assert.match(d.raw, /^Subject: \[DOWN\] db\r?$/m);
      assert.match(d.raw, /db \(tcp:\/\/db:5432\) is down: ECONNREFUSED/);
      assert.match(d.raw, /https:\/\/status\.example\.test\/monitors\/9/);
    });

    test('a wrong SMTP password is a 502 carrying the server’s answer', async () => {
      const id = await channel('mail-bad', 'email', {
        to: 'ops@example.test',
        host: '127.0.0.1',
        port: smtp.port,
        username: 'mailer',
        password: 'wrong',
        from: 'm@example.test',
      });
      const res = await s.as(root, { method: 'POST', url: `/api/channels/${id}/test` });
      assert.equal(res.statusCode, 502);
      assert.equal(res.json().code, 'delivery_failed');
      assert.equal(res.json().provider_status, 535);
      assert.match(res.json().provider_error, /Invalid username or password/);
    });
  });
}
