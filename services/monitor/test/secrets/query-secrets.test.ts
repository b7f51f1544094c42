import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { startAuthTarget } from './auth-target.js';

const MASK = '********';
const SECRETS = ['qs-token-1', 'qs-sig-1', 'qs-key-1', 'qs-token-2', 'qs-down-1'];

function assertNoSecret(text: string, what: string) {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${what} holds the secret ${s}: ${text}`);
}

for (const target of await testDatabases()) {
  describe(`credentials in a monitor URL's query string on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let peer: Awaited<ReturnType<typeof startAuthTarget>>;
    let rx: HttpReceiver;
    let id: number;
    let path: string;
    const clearPath = '/q?apitoken=qs-token-1&page=2&X-Amz-Signature=qs-sig-1&Key=qs-key-1&key=&code=#top';
    const maskedPath = `/q?apitoken=${MASK}&page=2&X-Amz-Signature=${MASK}&Key=${MASK}&key=&code=#top`;

    before(async () => {
      // `/down` demands a header no monitor sends: a monitor there goes down and alerts.
      peer = await startAuthTarget({ '/down': { 'x-never': 'sent' } });
      rx = await HttpReceiver.start();
      h = await startHarness(target);
      path = `${peer.origin}`;
    });
    after(async () => {
      await h.stop();
      await peer.close();
      await rx.close();
    });

    const lastUrlAt = (p: string) => peer.seen.filter((r) => r.path === p).at(-1)?.url;
    const row = async () =>
      (await h.server.ctx.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst())!;
    // What a refused edit must leave alone: the configuration. The check state (status, counters,
    // timestamps of checks) moves on its own when a check started by the earlier edit lands.
    const RUNTIME = [
      'current_status',
      'last_checked_at',
      'last_response_time_ms',
      'last_status_code',
      'consecutive_failures',
      'consecutive_successes',
      'check_requested_at',
      'status_reason',
      'last_tls_days_left',
    ];
    const configOf = async () =>
      Object.fromEntries(Object.entries(await row()).filter(([k]) => !RUNTIME.includes(k)));

    test('the values of credential parameters read as the mask for every role; the checker sends them', async () => {
      const created = await h.call('POST', '/api/monitors', {
        name: 'query creds',
        url: `${path}${clearPath}`,
        check_interval_seconds: 3600,
      });
      assert.equal(created.statusCode, 201, created.body);
      assertNoSecret(created.body, 'the create response');
      assert.equal(created.json().url, `${path}${maskedPath}`);
      id = created.json().id;
      await waitFor('a check with the real parameters', async () =>
        lastUrlAt('/q') === clearPath.replace('#top', '') ? true : undefined,
      );
      for (const token of [h.viewer, h.admin]) {
        const one = await h.call('GET', `/api/monitors/${id}`, undefined, token);
        assert.equal(one.json().url, `${path}${maskedPath}`);
        assertNoSecret((await h.call('GET', '/api/monitors', undefined, token)).body, 'the list');
      }
      const r = await row();
      assertNoSecret(JSON.stringify(r), 'the monitors row');
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, r.secrets), {
        url_query: [
          ['apitoken', 'qs-token-1'],
          ['X-Amz-Signature', 'qs-sig-1'],
          ['Key', 'qs-key-1'],
        ],
      });
    });

    test('sending the masked URL back keeps the values; a new value replaces only its own', async () => {
      const put = await h.call('PATCH', `/api/monitors/${id}`, {
        name: 'renamed',
        url: `${path}${maskedPath}`,
      });
      assert.equal(put.statusCode, 200, put.body);
      const before = peer.seen.length;
      assert.equal((await h.call('POST', `/api/monitors/${id}/check-now`)).statusCode, 202);
      await waitFor('a new check', async () => (peer.seen.length > before ? true : undefined));
      assert.equal(lastUrlAt('/q'), clearPath.replace('#top', ''));

      const changed = await h.call('PATCH', `/api/monitors/${id}`, {
        url: `${path}${maskedPath.replace(`apitoken=${MASK}`, 'apitoken=qs-token-2')}`,
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal(changed.json().url, `${path}${maskedPath}`);
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, (await row()).secrets).url_query, [
        ['apitoken', 'qs-token-2'],
        ['X-Amz-Signature', 'qs-sig-1'],
        ['Key', 'qs-key-1'],
      ]);
    });

    test('a masked parameter that stands for nothing, or a monitor moved elsewhere, is a 422 and changes nothing', async () => {
      const fresh = await h.call('POST', '/api/monitors', { name: 'guess', url: `${path}/q?token=${MASK}` });
      assert.equal(fresh.statusCode, 422, fresh.body);
      assert.deepEqual(fresh.json().errors, [
        {
          path: 'url',
          message: 'query parameter "token" is the mask but no secret is stored: send the value',
        },
      ]);
      const before = await configOf();
      const moved = await h.call('PATCH', `/api/monitors/${id}`, { url: `http://127.0.0.2:9${maskedPath}` });
      assert.equal(moved.statusCode, 422, moved.body);
      assert.deepEqual(
        moved.json().errors.map((e: { path: string; message: string }) => e.message),
        ['apitoken', 'X-Amz-Signature', 'Key'].map(
          (n) =>
            `query parameter "${n}" is the mask but the monitor now points elsewhere: enter the secret again`,
        ),
      );
      assert.deepEqual(await configOf(), before);
    });

    test('alerts, check results, the audit log and the export hold no value', async () => {
      const ch = await h.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${rx.url}/hook` },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      const down = await h.call('POST', '/api/monitors', {
        name: 'down one',
        url: `${peer.origin}/down?token=qs-down-1`,
        check_interval_seconds: 3600,
        retry_count: 0,
        channel_ids: [ch.json().id],
      });
      assert.equal(down.statusCode, 201, down.body);
      const [alert] = await rx.waitFor(1);
      const body = JSON.parse(alert!.body);
      assert.equal(body.event, 'monitor.down');
      assert.equal(body.monitor.url, `${peer.origin}/down?token=${MASK}`);
      assert.equal(lastUrlAt('/down'), '/down?token=qs-down-1');
      const results = await h.call('GET', `/api/check-results?monitor_id=${down.json().id}`);
      assert.equal(results.statusCode, 200, results.body);
      assert.equal(results.json().length > 0, true);
      assertNoSecret(results.body, 'the check results');

      const audit = await h.call('GET', '/api/audit-log?limit=500');
      assert.ok(audit.json().some((e: { action: string }) => e.action === 'monitor.update'));
      assertNoSecret(audit.body, 'the audit log');
      const exported = await h.call('GET', '/api/export/monitors');
      assertNoSecret(exported.body, 'the export');
      const m = exported.json().monitors.find((x: { name: string }) => x.name === 'renamed');
      assert.equal(m.url, `${path}${maskedPath}`);
    });

    test('importing the export leaves the masked parameters out and names each', async () => {
      const doc = (await h.call('GET', '/api/export/monitors')).json();
      const other = await startHarness(target);
      try {
        const res = await other.call('POST', '/api/import/monitors', doc);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().warnings, [
          'monitors.0: url?apitoken was masked in the file; enter it again',
          'monitors.0: url?X-Amz-Signature was masked in the file; enter it again',
          'monitors.0: url?Key was masked in the file; enter it again',
          'monitors.1: url?token was masked in the file; enter it again',
          'monitors.1: channel "hook" does not exist here; not linked',
        ]);
        const urls = (await other.call('GET', '/api/monitors')).json().map((x: { url: string }) => x.url);
        assert.deepEqual(urls.sort(), [`${path}/q?page=2&key=&code=#top`, `${peer.origin}/down`].sort());
      } finally {
        await other.stop();
      }
    });
  });
}
