import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { hashShareToken } from '../../src/public-face/shared-links/share-links.js';
import { ADMIN, type ReportServer, startReportServer } from './fixture.js';

for (const target of await testDatabases()) {
  describe(`share links on ${target.name}`, { skip: target.skip }, () => {
    let s: ReportServer;
    before(async () => {
      s = await startReportServer(target, { results: false });
    });
    after(() => s.stop());

    const tokenOf = (path: string) => path.replace('/shared/', '');

    test('a report link opens the report without sign-in until it is revoked', async () => {
      const created = await s.call('POST', '/api/share-links', {
        kind: 'report',
        report: { scope: 'monitor', scope_id: s.monitorId, period: '2026-03', timezone: 'Europe/Berlin' },
        label: 'for the board',
        expires_in_days: 7,
      });
      assert.equal(created.statusCode, 201, created.body);
      const link = created.json();
      assert.match(link.path, /^\/shared\/mon_share_[A-Za-z0-9_-]{43}$/);
      assert.equal(link.state, 'active');
      assert.equal(link.created_by, ADMIN.username);
      const token = tokenOf(link.path);
      // Only the hash is stored.
      const row = await s.server.ctx.db
        .selectFrom('share_links')
        .selectAll()
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.token_hash, hashShareToken(token));
      assert.ok(!JSON.stringify(row).includes(token));
      assert.ok(!JSON.stringify((await s.call('GET', '/api/share-links')).json()).includes(token));

      const view = await s.call('GET', `/api/shared/${token}`, undefined, null);
      assert.equal(view.statusCode, 200, view.body);
      assert.equal(view.headers['referrer-policy'], 'no-referrer');
      assert.equal(view.headers['cache-control'], 'no-store');
      assert.equal(view.json().report.scope.name, 'shop api');
      assert.equal(view.json().report.period.from, '2026-02-28T23:00:00.000Z');
      const page = await s.call('GET', link.path, undefined, null);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<h1>SLA report: shop api<\/h1>/);
      const csv = await s.call('GET', `/api/shared/${token}/csv`, undefined, null);
      assert.equal(csv.statusCode, 200);
      assert.match(csv.body, /^monitor_id,name,/);
      const pdf = await s.call('GET', `/api/shared/${token}/pdf`, undefined, null);
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');

      const revoked = await s.call('DELETE', `/api/share-links/${link.id}`);
      assert.equal(revoked.statusCode, 200);
      assert.equal(revoked.json().state, 'revoked');
      assert.equal(revoked.json().created_by, ADMIN.username);
      const refused = await s.call('GET', `/api/shared/${token}`, undefined, null);
      assert.equal(refused.statusCode, 404);
      assert.equal(refused.json().code, 'share_link_unavailable');
      assert.equal((await s.call('GET', `/api/shared/${token}/pdf`, undefined, null)).statusCode, 404);
      const html = await s.call('GET', link.path, undefined, null);
      assert.equal(html.statusCode, 404);
      assert.match(html.body, /Link not available/);
      assert.equal((await s.call('DELETE', `/api/share-links/${link.id}`)).statusCode, 409);

      const listed = (await s.call('GET', '/api/share-links'))
        .json()
        .find((l: { id: number }) => l.id === link.id);
      assert.equal(listed.use_count, 4);
      assert.equal(listed.created_by, ADMIN.username, 'the list names who created the link');
      const audit = await s.server.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'actor_type'])
        .where('resource_type', '=', 'share_link')
        .where('resource_id', '=', String(link.id))
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => a.action),
        [
          'share_link.create',
          'share_link.view',
          'share_link.view',
          'share_link.view',
          'share_link.view',
          'share_link.revoke',
          'share_link.refused',
          'share_link.refused',
          'share_link.refused',
        ],
      );
      assert.equal(audit[1]!.actor_type, 'anonymous');
    });

    test('a monitor link shows its view; an expired or unknown link is the same 404', async () => {
      const link = (
        await s.call('POST', '/api/share-links', { kind: 'monitor', monitor_id: s.monitorId })
      ).json();
      const v = await s.call('GET', `/api/shared/${tokenOf(link.path)}`, undefined, null);
      assert.equal(v.statusCode, 200, v.body);
      assert.equal(v.json().monitor.monitor.name, 'shop api');
      assert.deepEqual(Object.keys(v.json().monitor.uptime), ['24h', '7d', '30d', '365d']);
      assert.equal(v.json().report, undefined);
      assert.equal(
        (await s.call('GET', `/api/shared/${tokenOf(link.path)}/csv`, undefined, null)).statusCode,
        404,
      );
      await s.server.ctx.db
        .updateTable('share_links')
        .set({ expires_at: Date.now() - 1 })
        .where('id', '=', link.id)
        .execute();
      const expired = await s.call('GET', `/api/shared/${tokenOf(link.path)}`, undefined, null);
      assert.equal(expired.statusCode, 404);
      const unknown = await s.call('GET', `/api/shared/mon_share_${'x'.repeat(43)}`, undefined, null);
      assert.deepEqual(unknown.json(), expired.json());
    });

    test('bad requests change nothing', async () => {
      const before = (await s.call('GET', '/api/share-links')).json().length;
      const noReport = await s.call('POST', '/api/share-links', { kind: 'report' });
      assert.equal(noReport.statusCode, 422);
      assert.equal(noReport.json().errors[0].path, 'report');
      const badPeriod = await s.call('POST', '/api/share-links', {
        kind: 'report',
        report: { period: 'last-week' },
      });
      assert.equal(badPeriod.statusCode, 422);
      const gone = await s.call('POST', '/api/share-links', { kind: 'monitor', monitor_id: 9999 });
      assert.equal(gone.statusCode, 404);
      const long = await s.call('POST', '/api/share-links', {
        kind: 'monitor',
        monitor_id: s.monitorId,
        expires_in_days: 400,
      });
      assert.equal(long.statusCode, 422);
      assert.equal((await s.call('GET', '/api/share-links')).json().length, before);
      assert.equal((await s.call('GET', '/api/share-links', undefined, null)).statusCode, 401);
    });
  });
}
