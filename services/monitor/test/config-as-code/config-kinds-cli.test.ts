import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness } from '../engine/harness.js';
import { apiKey, run } from './cli-process.js';
import { KIND_SECRETS, kindsFile, SECRETS, yamlOf } from './config-files.js';

// The newer kinds through `uptime-config` as a real process: apply, no changes, a rename, a prune,
// and export → apply onto an empty instance reproducing each of them field by field, those made
// in the dashboard included.

for (const target of await testDatabases()) {
  describe(`uptime-config with every kind on ${target.name}`, { skip: target.skip }, () => {
    let a: Harness;
    let b: Harness;
    let envA: Record<string, string>;
    let envB: Record<string, string>;
    let dir: string;
    before(async () => {
      [a, b] = await Promise.all([startHarness(target), startHarness(target)]);
      const [urlA, urlB] = await Promise.all([a.listen(), b.listen()]);
      const [keyA, keyB] = await Promise.all([apiKey(a), apiKey(b)]);
      envA = { UPTIME_API_KEY: keyA, UPTIME_SERVER: urlA };
      envB = { UPTIME_API_KEY: keyB, UPTIME_SERVER: urlB };
      dir = await mkdtemp(join(tmpdir(), 'uptime-config-kinds-'));
    });
    after(async () => {
      await Promise.all([a.stop(), b.stop()]);
      await rm(dir, { recursive: true, force: true });
    });
    const secrets = { ...SECRETS, ...KIND_SECRETS };
    const applyFile = async (name: string, doc: unknown, ...flags: string[]) => {
      const file = join(dir, name);
      await writeFile(file, yamlOf(doc));
      const r = await run(['apply', file, ...flags], { ...envA, ...secrets });
      assert.equal(r.code, 0, r.stderr);
      for (const s of Object.values(secrets)) assert.ok(!r.stdout.includes(s) && !r.stderr.includes(s));
      return r.stdout;
    };

    test('apply, apply again, rename by key and prune', async () => {
      const first = await applyFile('kinds.yaml', kindsFile());
      assert.match(first, /^ {2}\+ location "eu" \(Europe\)$/m);
      assert.match(first, /^ {6}token: \(secret set\)$/m);
      assert.match(first, /^ {2}\+ status_page "public" \(Service status\)$/m);
      assert.match(first, /Applied: 12 created, 0 updated, 0 deleted\./);
      assert.match(await applyFile('kinds.yaml', kindsFile()), /^No changes/);
      const renamed = await applyFile('renamed.yaml', kindsFile({ policyName: 'Renamed' }));
      assert.match(renamed, /^ {2}~ escalation_policy "oncall" \(Renamed\)$/m);
      assert.match(renamed, /^ {6}name: "On call" → "Renamed"$/m);
      const noTemplate = kindsFile({ policyName: 'Renamed' });
      delete noTemplate.templates;
      assert.match(await applyFile('kept.yaml', noTemplate), /^No changes/);
      const pruned = await applyFile('pruned.yaml', noTemplate, '--prune');
      assert.match(pruned, /^ {2}- template "hook-down" \(hook down\)$/m);
      assert.match(pruned, /Applied: 0 created, 0 updated, 1 deleted\./);
      await applyFile('kinds.yaml', kindsFile());
    });

    test('export → apply onto an empty instance reproduces every kind, those made in the dashboard too', async () => {
      const ids = new Map(
        (await a.server.ctx.db.selectFrom('monitors').select(['id', 'config_key']).execute()).map((m) => [
          m.config_key,
          m.id,
        ]),
      );
      const hook = (await a.call('GET', '/api/channels')).json()[0].id;
      const us = await a.call('POST', '/api/locations', { id: 'us', name: 'US East', region: 'us-east' });
      assert.equal(us.statusCode, 201, us.body);
      const made = [
        await a.call('POST', '/api/escalation-policies', {
          name: 'By hand',
          steps: [{ after_minutes: 1, channel_ids: [hook] }],
        }),
        await a.call('POST', '/api/maintenance', {
          name: 'Hand window',
          starts_at: '2031-05-01T00:00:00Z',
          ends_at: '2031-05-01T04:00:00Z',
          monitor_ids: [ids.get('api')],
        }),
        await a.call('POST', '/api/status-pages', {
          slug: 'by-hand',
          title: 'By hand',
          sections: [{ name: 'All', monitor_ids: [ids.get('db'), ids.get('api')] }],
        }),
      ];
      for (const r of made) assert.equal(r.statusCode, 201, r.body);
      const up = await a.call('PUT', `/api/channels/${hook}/templates/up`, {
        title: 'UP {{monitor.name}}',
        body: 'Back',
      });
      assert.equal(up.statusCode, 200, up.body);

      const out = join(dir, 'export.yaml');
      const exp = await run(['export', '--out', out], envA);
      assert.equal(exp.code, 0, exp.stderr);
      const text = await readFile(out, 'utf8');
      assert.ok(!text.includes(KIND_SECRETS.EU_PROBE_TOKEN) && !text.includes(us.json().token));
      const values = {
        ...secrets,
        CHANNEL_HOOK_SECRET: SECRETS.HOOK_SECRET,
        MONITOR_API_HEADER_AUTHORIZATION: `Bearer ${SECRETS.BEARER}`,
        MONITOR_API_PASSWORD: SECRETS.API_PASSWORD,
        LOCATION_EU_TOKEN: KIND_SECRETS.EU_PROBE_TOKEN,
        LOCATION_US_TOKEN: us.json().token,
      };
      const applied = await run(['apply', out], { ...envB, ...values });
      assert.equal(applied.code, 0, applied.stderr);
      const [fromA, fromB] = await Promise.all(
        [a, b].map(async (h) => (await h.call('GET', '/api/config/export?format=json')).json()),
      );
      for (const kind of ['locations', 'templates', 'escalation_policies', 'maintenance', 'status_pages']) {
        assert.equal(fromA[kind].length, 2, `${kind}: the file's and the dashboard's`);
        assert.deepEqual(fromB[kind], fromA[kind], kind);
      }
      assert.deepEqual(fromB, fromA, 'the same configuration, field by field');
      // The probes' tokens arrived as their hashes: the same probe signs in at either instance.
      const hashes = async (h: Harness) =>
        (
          await h.server.ctx.db.selectFrom('locations').select(['id', 'token_hash']).orderBy('id').execute()
        ).filter((l) => l.id !== 'local');
      assert.deepEqual(await hashes(b), await hashes(a));
      const again = await run(['plan', out], { ...envB, ...values });
      assert.match(again.stdout, /^No changes/);
    });
  });
}
