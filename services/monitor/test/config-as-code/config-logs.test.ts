import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from '../web/service.js';
import { baseFile, SECRETS, yamlOf } from './config-files.js';

// The service as a real process logging at debug, the CLI as another: plans, applies and refusals
// carrying secrets leave none in any log line.

const BIN = fileURLToPath(new URL('../../bin/uptime-config.mjs', import.meta.url));

describe('config as code: no secret in the log of a running monitor', () => {
  let m: RunningMonitor;
  let log = '';
  let dir: string;
  let cli = { code: -1, stdout: '', stderr: '' };

  before(async () => {
    m = await startMonitor({ LOG_LEVEL: 'debug' });
    dir = await mkdtemp(join(tmpdir(), 'config-logs-'));
    const token = await tokenFor(m.base, ADMIN.username, ADMIN.password);
    const key = await apiCall<{ raw_key: string }>(m.base, token, 'POST', '/api/api-keys', { name: 'cfg' });
    const file = join(dir, 'monitors.yaml');
    await writeFile(file, yamlOf(baseFile()));
    cli = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [BIN, 'apply', file, '--server', m.base],
        { env: { ...process.env, UPTIME_API_KEY: key.raw_key, ...SECRETS } },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    // A refused apply (a variable missing) and a stale one, with the secrets in their bodies.
    const send = (path: string, body: unknown) =>
      fetch(`${m.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const missing = await send('/api/config/apply', {
      document: yamlOf(baseFile({ interval: 30 })),
      env: { API_PASSWORD: SECRETS.API_PASSWORD },
    });
    assert.equal(missing.status, 422);
    const stale = await send('/api/config/apply', {
      document: yamlOf(baseFile()),
      env: SECRETS,
      fingerprint: 'f'.repeat(64),
    });
    assert.equal(stale.status, 409);
    await m.stop();
    log = m.proc.output();
  });
  after(async () => {
    await m?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the CLI applied the file, printing no secret', () => {
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, /Applied: 7 created/);
    for (const s of Object.values(SECRETS)) assert.ok(!cli.stdout.includes(s) && !cli.stderr.includes(s));
  });

  test('the requests are logged and no log line holds a secret', () => {
    const urls = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        const url = (JSON.parse(l) as { req?: { url?: string } }).req?.url;
        return url ? [url] : [];
      });
    assert.ok(urls.includes('/api/config/apply'), `no log line for the apply: ${urls.join(' ')}`);
    assert.ok(urls.includes('/api/config/plan'));
    for (const [what, s] of Object.entries(SECRETS))
      assert.ok(!log.includes(s), `${what} leaked into the log`);
  });
});
