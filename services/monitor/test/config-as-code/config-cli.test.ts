import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { parse } from 'yaml';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { main } from '../../src/operations/config-as-code/config-cli.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { apiKey, run } from './cli-process.js';
import { baseFile, SECRETS, yamlOf } from './config-files.js';

// The `uptime-config` command as a real process against a real server on loopback: plan, apply,
// validate, a stale plan, and export → apply onto an empty instance → the same export.

for (const target of await testDatabases()) {
  describe(`uptime-config on ${target.name}`, { skip: target.skip }, () => {
    let a: Harness;
    let b: Harness;
    let urlA: string;
    let urlB: string;
    let keyA: string;
    let keyB: string;
    let dir: string;
    let handTag: number;
    before(async () => {
      [a, b] = await Promise.all([startHarness(target), startHarness(target)]);
      [urlA, urlB] = await Promise.all([a.listen(), b.listen()]);
      [keyA, keyB] = await Promise.all([apiKey(a), apiKey(b)]);
      dir = await mkdtemp(join(tmpdir(), 'uptime-config-'));
    });
    after(async () => {
      await Promise.all([a.stop(), b.stop()]);
      await rm(dir, { recursive: true, force: true });
    });

    test('the key comes from the environment only', async () => {
      const file = join(dir, 'none.yaml');
      await writeFile(file, yamlOf(baseFile()));
      const noKey = await run(['plan', file, '--server', urlA], {});
      assert.equal(noKey.code, 2);
      assert.match(noKey.stderr, /Set \$UPTIME_API_KEY/);
      // The argument check needs no process: the command's own function, as the bin calls it.
      const err: string[] = [];
      const code = await main(
        ['plan', file, '--server', urlA, '--api-key', keyA],
        {},
        { out: () => {}, err: (s) => err.push(s) },
      );
      assert.equal(code, 2);
      assert.match(err.join(''), /not taken from flags/);
    });

    test('validate names a bad field by file, line and position, and plan → apply → apply again says no changes', async () => {
      const env = { UPTIME_API_KEY: keyA, UPTIME_SERVER: urlA, ...SECRETS };
      const bad = baseFile({ interval: 0 });
      const badFile = join(dir, 'bad.yaml');
      await writeFile(badFile, yamlOf(bad));
      const v = await run(['validate', badFile], env);
      assert.equal(v.code, 1, v.stderr);
      const line =
        yamlOf(bad)
          .split('\n')
          .findIndex((l) => l.includes('check_interval_seconds')) + 1;
      assert.match(
        v.stderr,
        new RegExp(`bad\\.yaml:${line}:\\d+: monitors\\[0\\]\\.check_interval_seconds: `),
      );

      const file = join(dir, 'monitors.yaml');
      await writeFile(file, yamlOf(baseFile()));
      const plan = await run(['plan', file], env);
      assert.equal(plan.code, 0, plan.stderr);
      assert.match(plan.stdout, /^ {2}\+ monitor "api" \(API\)$/m);
      assert.match(plan.stdout, /auth \(password or token\): \(secret set\)/);
      assert.match(plan.stdout, /Plan: 7 to create, 0 to update, 0 to delete\./);
      for (const s of Object.values(SECRETS)) assert.ok(!plan.stdout.includes(s) && !plan.stderr.includes(s));
      const apply = await run(['apply', file], env);
      assert.equal(apply.code, 0, apply.stderr);
      assert.match(apply.stdout, /Applied: 7 created, 0 updated, 0 deleted\./);
      const again = await run(['apply', file], env);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /^No changes: the configuration here matches the file\./);
      assert.doesNotMatch(again.stdout, /Applied/);
    });

    test('apply --fingerprint of a plan made before someone changed the server is refused', async () => {
      const env = { UPTIME_API_KEY: keyA, UPTIME_SERVER: urlA, ...SECRETS };
      const file = join(dir, 'slower.yaml');
      await writeFile(file, yamlOf(baseFile({ interval: 300 })));
      const plan = await run(['plan', file], env);
      const fp = /^Fingerprint: (\S+)$/m.exec(plan.stdout)![1]!;
      const tag = await a.call('POST', '/api/tags', { name: 'by-hand', color: '#000000' });
      assert.equal(tag.statusCode, 201, tag.body);
      handTag = tag.json().id;
      const r = await run(['apply', file, `--fingerprint=${fp}`], env);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Error 409: Configuration plan is stale/);
      const row = await a.server.ctx.db
        .selectFrom('monitors')
        .select('check_interval_seconds')
        .where('config_key', '=', 'api')
        .executeTakeFirstOrThrow();
      assert.equal(row.check_interval_seconds, 60);
    });

    test('export → apply onto an empty instance → export gives the same file', async () => {
      // Objects made in the dashboard (no key, credentials of their own) travel too.
      const slack = 'https://hooks.slack.com/services/T000/B000/secretpart';
      const ch = await a.call('POST', '/api/channels', {
        name: 'team',
        type: 'slack',
        config: { webhook_url: slack },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      const m = await a.call('POST', '/api/monitors', {
        name: 'by hand',
        url: 'http://127.0.0.1:9/x',
        auth: { type: 'bearer', token: 'hand-token-9' },
        channel_ids: [ch.json().id],
      });
      assert.equal(m.statusCode, 201, m.body);
      const out = join(dir, 'export.yaml');
      const exp = await run(['export', '--out', out], { UPTIME_API_KEY: keyA, UPTIME_SERVER: urlA });
      assert.equal(exp.code, 0, exp.stderr);
      const text = await readFile(out, 'utf8');
      for (const s of [...Object.values(SECRETS), 'hand-token-9', 'secretpart'])
        assert.ok(!text.includes(s), s);
      const variables = [...text.matchAll(/^# {3}(\S+) {2}\(/gm)].map((x) => x[1]).sort();
      const values: Record<string, string> = {
        CHANNEL_HOOK_SECRET: SECRETS.HOOK_SECRET,
        [`CHANNEL_CHANNEL_${ch.json().id}_WEBHOOK_URL`]: slack,
        MONITOR_API_HEADER_AUTHORIZATION: `Bearer ${SECRETS.BEARER}`,
        MONITOR_API_PASSWORD: SECRETS.API_PASSWORD,
        [`MONITOR_MONITOR_${m.json().id}_TOKEN`]: 'hand-token-9',
      };
      assert.deepEqual(variables, Object.keys(values).sort());
      const applied = await run(['apply', out], { UPTIME_API_KEY: keyB, UPTIME_SERVER: urlB, ...values });
      assert.equal(applied.code, 0, applied.stderr);
      const [fromB, fromA] = await Promise.all(
        [b, a].map(async (h) => (await h.call('GET', '/api/config/export?format=json')).json()),
      );
      assert.deepEqual(fromB, fromA, 'the same configuration, field by field');
      assert.deepEqual(fromA, parse(text));
      // And the credentials arrived: the same monitor checks with the same secrets.
      const [sa, sb] = await Promise.all(
        [a, b].map((h) =>
          h.server.ctx.db
            .selectFrom('monitors')
            .select(['secrets', 'name'])
            .where('name', '=', 'by hand')
            .executeTakeFirstOrThrow(),
        ),
      );
      assert.deepEqual(openSecrets(b.server.ctx.keys.encryption, sb!.secrets), { auth: 'hand-token-9' });
      assert.deepEqual(openSecrets(a.server.ctx.keys.encryption, sa!.secrets), { auth: 'hand-token-9' });
      // Applied where it came from, the export only adopts what no file had created yet.
      const back = await a.call('POST', '/api/config/plan', { document: text, env: values });
      assert.equal(back.statusCode, 200, back.body);
      assert.deepEqual(
        back
          .json()
          .changes.map((c: { key: string; fields: { field: string }[] }) => [
            c.key,
            c.fields.map((f) => f.field),
          ]),
        [
          [`tag-${handTag}`, ['managed']],
          [`channel-${ch.json().id}`, ['managed']],
          [`monitor-${m.json().id}`, ['managed']],
        ],
      );
    });
  });
}
