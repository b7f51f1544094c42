import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { runDueSchedules } from '../../src/operations/reports/schedule-runner.js';
import { createServer, type RunningServer } from '../../src/server.js';
import { headerOf, SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import { type ReportServer, startReportServer } from './fixture.js';

// 2 April 2026, 09:00 UTC: March (Europe/Berlin) and the week of 23 March are complete.
const NOW = Date.UTC(2026, 3, 2, 9);
const CHILD = fileURLToPath(new URL('./schedule-child.ts', import.meta.url));

for (const target of await testDatabases()) {
  describe(`scheduled reports on ${target.name}`, { skip: target.skip }, () => {
    let s: ReportServer;
    let second: RunningServer;
    let rx: SmtpReceiver;
    let channelId: number;
    before(async () => {
      rx = await SmtpReceiver.start();
      s = await startReportServer(target, { results: false, outbox: true });
      const ch = await s.call('POST', '/api/channels', {
        name: 'mail',
        type: 'email',
        config: { to: 'ops@example.test', host: '127.0.0.1', port: rx.port, from: 'monitor@example.test' },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      channelId = ch.json().id;
      // A second instance on the same database, its outbox delivering too.
      second = await createServer(
        readConfig({
          DATA_DIR: s.dataDir,
          ...(s.databaseUrl ? { DATABASE_URL: s.databaseUrl } : {}),
          LOG_LEVEL: 'silent',
        }),
        { startEngine: false, outbox: { pollMs: 50 } },
      );
    });
    after(async () => {
      await second.close();
      await s.stop();
      await rx.close();
    });

    async function schedule(name: string, to: string, cadence = 'monthly') {
      const res = await s.call('POST', '/api/report-schedules', {
        name,
        scope: 'monitor',
        scope_id: s.monitorId,
        cadence,
        timezone: 'Europe/Berlin',
        channel_id: channelId,
        recipients: [to],
      });
      assert.equal(res.statusCode, 201, res.body);
      // Created before the period, so its last complete period is due.
      await s.server.ctx.db
        .updateTable('report_schedules')
        .set({ created_at: Date.UTC(2026, 0, 1) })
        .where('id', '=', res.json().id)
        .execute();
      return res.json().id as number;
    }
    /** Resolves once no outbox row is pending (both instances' workers are idle on it). */
    async function delivered() {
      for (;;) {
        const pending = await s.server.ctx.db
          .selectFrom('notification_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        if (pending.length === 0) return;
        s.server.ctx.outbox.kick();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const mailsTo = (addr: string) => rx.messages.filter((m) => m.to.includes(addr));
    async function runChild(crashAt: string, scheduleId: number) {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: {
          ...process.env,
          REPORT_DATA_DIR: s.dataDir,
          REPORT_DATABASE_URL: s.databaseUrl ?? '',
          REPORT_NOW: String(NOW),
          CRASH_AT: crashAt,
          CRASH_SCHEDULE: String(scheduleId),
        },
        stdio: 'ignore',
      });
      const [code, signal] = await once(child, 'exit');
      return { code, signal };
    }

    test('two instances running the schedules at once send the month once', async () => {
      const id = await schedule('board', 'board@example.test');
      const [a, b] = await Promise.all([
        runDueSchedules({ ...s.server.ctx }, NOW),
        runDueSchedules({ ...second.ctx }, NOW),
      ]);
      assert.equal(a.length + b.length, 1);
      await delivered();
      const again = await runDueSchedules({ ...second.ctx }, NOW + 3_600_000);
      assert.deepEqual(again, []);
      await delivered();
      const mails = mailsTo('board@example.test');
      assert.equal(mails.length, 1);
      assert.equal(headerOf(mails[0]!.raw, 'Subject'), 'SLA report: shop api, 2026-03');
      assert.match(mails[0]!.raw, /filename=sla-report-shop-api-2026-03\.pdf/);
      assert.match(mails[0]!.raw, /Content-Type: application\/pdf/);
      const sends = await s.server.ctx.db
        .selectFrom('report_sends')
        .selectAll()
        .where('schedule_id', '=', id)
        .execute();
      assert.deepEqual(
        sends.map((r) => Number(r.period_start)),
        [Date.UTC(2026, 1, 28, 23)],
      );
      const listed = (await s.call('GET', '/api/report-schedules'))
        .json()
        .find((x: { id: number }) => x.id === id);
      assert.equal(listed.last_sent_period_start, '2026-02-28T23:00:00.000Z');
    });

    test('kill -9 after one claim and before the next: each period still goes out once', async () => {
      // The child claims and queues "after" (its own outbox never runs: the survivors' deliver it),
      // then dies before claiming "before".
      await schedule('after', 'after@example.test', 'weekly');
      const beforeId = await schedule('before', 'before@example.test');
      const { signal } = await runChild('before-claim', beforeId);
      assert.equal(signal, 'SIGKILL');
      const claimed = await s.server.ctx.db
        .selectFrom('report_sends')
        .select('schedule_id')
        .where('schedule_id', '=', beforeId)
        .execute();
      assert.deepEqual(claimed, []);
      // A surviving instance: queues only "before"; the outbox delivers both, once each.
      const queued = await runDueSchedules({ ...s.server.ctx }, NOW);
      assert.deepEqual(
        queued.map((q) => q.schedule_id),
        [beforeId],
      );
      await delivered();
      assert.equal(mailsTo('after@example.test').length, 1);
      assert.equal(mailsTo('before@example.test').length, 1);
      assert.equal(
        headerOf(mailsTo('after@example.test')[0]!.raw, 'Subject'),
        'SLA report: shop api, week of 2026-03-23',
      );
      assert.deepEqual(await runDueSchedules({ ...second.ctx }, NOW), []);
    });

    test('a schedule needs an e-mail channel, addresses and a zone; bad input changes nothing', async () => {
      const before = (await s.call('GET', '/api/report-schedules')).json().length;
      const res = await s.call('POST', '/api/report-schedules', {
        name: 'x',
        cadence: 'monthly',
        timezone: 'Nowhere/Land',
        channel_id: 9999,
        recipients: ['not-an-address'],
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(
        res.json().errors.map((e: { path: string }) => e.path),
        ['timezone', 'recipients', 'channel_id'],
      );
      assert.equal((await s.call('GET', '/api/report-schedules')).json().length, before);
    });
  });
}
