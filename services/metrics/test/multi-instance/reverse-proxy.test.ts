import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort, needTool, runService, type ServiceProcess, testDatabases } from '@app/kit/testing';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { writeHangingPylint } from '../helpers/hanging-pylint.js';
import { buildSmallRepo } from '../helpers/small-repo.js';
import { type Instance, startInstance, waitUntil } from './instances.js';

// The example of docs/operations.md, run as written: its nginx block (addresses and port replaced by
// loopback ones) in front of three monitor instances and two metrics instances on one PostgreSQL.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MONITOR_MAIN = join(ROOT, 'services/monitor/src/main.ts');
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const pgTarget = (await testDatabases()).find((t) => t.name === 'postgres')!;
const skip = pgTarget.skip || needTool(NGINX, ['-v']);

const DOC_MONITORS = ['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000'];
const DOC_METRICS = ['10.0.0.21:8000', '10.0.0.22:8000'];
const ADMIN_PASSWORD = 'proxy-test-Tr0ub4dor-horse-staple';

/** The documented nginx block with the test's addresses in place of the example's. */
function documentedConfig(listen: number, monitors: number[], metrics: number[]): string {
  const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Example: three monitor instances and two metrics workers'));
  let block = section.match(/```nginx\n([\s\S]*?)```/)?.[1];
  assert.ok(block, 'docs/operations.md has the nginx example');
  const swap = (from: string, to: string, times: number) => {
    assert.equal(block!.split(from).length - 1, times, `the example names ${from} ${times} time(s)`);
    block = block!.replaceAll(from, to);
  };
  swap('listen 80;', `listen 127.0.0.1:${listen};`, 2);
  for (const [i, a] of DOC_MONITORS.entries()) swap(a, `127.0.0.1:${monitors[i]}`, 1);
  for (const [i, a] of DOC_METRICS.entries()) swap(a, `127.0.0.1:${metrics[i]}`, 1);
  return block;
}

interface ProxyAnswer {
  status: number;
  type: string | undefined;
  text: string;
  /** Whether the server ended the response (false: it was still open when `until` held). */
  ended: boolean;
  stop(): void;
}

/**
 * One request through the proxy with a Host header (fetch may not set Host), read as it arrives until
 * `until` holds for the text so far or the response ends.
 */
function viaProxy(
  proxy: string,
  host: string,
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    until?: (text: string) => boolean;
  } = {},
): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${proxy}${path}`,
      {
        method: opts.method ?? 'GET',
        headers: {
          host,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        let settled = false;
        const answer = (ended: boolean) => {
          if (settled) return;
          settled = true;
          const type = res.headers['content-type'];
          resolve({ status: res.statusCode ?? 0, type, text, ended, stop: () => req.destroy() });
        };
        res.on('data', (b: Buffer) => {
          text += b.toString();
          if (opts.until?.(text)) answer(false);
        });
        res.on('end', () => answer(true));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const parsed = (a: ProxyAnswer) => JSON.parse(a.text) as Record<string, unknown>;

describe('the documented reverse proxy: three monitor instances and two metrics instances behind nginx', {
  skip,
}, () => {
  let work: string;
  let base: FixtureBase;
  let nginx: ChildProcess | undefined;
  let proxy: string;
  const monitors: ServiceProcess[] = [];
  const metrics: Instance[] = [];
  const dbs: { databaseUrl: string | undefined; cleanup(): Promise<void> }[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'metrics-proxy-'));
    base = createFixtureBase();
    buildSmallRepo(base);
    const slowPylint = writeHangingPylint(work, 'pids');
    const [monitorDb, metricsDb] = await Promise.all([pgTarget.create(), pgTarget.create()]);
    dbs.push(monitorDb!, metricsDb!);
    const monitorPorts = await Promise.all(DOC_MONITORS.map(() => freePort()));
    const secret = 'proxy-test-secret-key-0123456789abcdef';
    const startMonitor = (port: number) => {
      const m = runService(MONITOR_MAIN, {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, `monitor-${port}`),
        DATABASE_URL: monitorDb!.databaseUrl!,
        SECRET_KEY: secret,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      });
      monitors.push(m);
      return waitUntil(
        `monitor on ${port}`,
        async () => {
          if (m.child.exitCode !== null) throw new Error(`monitor exited:\n${m.output()}`);
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined;
        },
        // A loaded 2-core machine (the suite runs two files at once) can take long to start a monitor.
        120_000,
      );
    };
    // The first monitor alone: on this branch, monitors started together on an empty database race
    // to create the first admin ("username taken"); that start-up belongs to the monitor's own work.
    const metricsStarted = Promise.all(
      DOC_METRICS.map(() =>
        startInstance('all', {
          DATABASE_URL: metricsDb!.databaseUrl!,
          GITHUB_BASE_URL: base.baseUrl,
          PYLINT_COMMAND: slowPylint,
        }),
      ),
    );
    // Awaited below; a failure meanwhile must not count as unhandled.
    metricsStarted.catch(() => {});
    await startMonitor(monitorPorts[0]!);
    await Promise.all(monitorPorts.slice(1).map(startMonitor));
    metrics.push(...(await metricsStarted));
    const listen = await freePort();
    proxy = `http://127.0.0.1:${listen}`;
    const conf = documentedConfig(
      listen,
      monitorPorts,
      metrics.map((m) => Number(new URL(m.url).port)),
    );
    const prefix = join(work, 'nginx');
    mkdirSync(prefix);
    const temp = (n: string) => `${n}_temp_path ${join(prefix, n)};`;
    writeFileSync(
      join(prefix, 'nginx.conf'),
      [
        // As root, nginx's workers would switch to `nobody`, which cannot enter the private temp folder.
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        `pid ${join(prefix, 'nginx.pid')};`,
        `error_log ${join(prefix, 'error.log')} warn;`,
        'daemon off;',
        'events { worker_connections 256; }',
        'http {',
        'access_log off;',
        temp('client_body'),
        temp('proxy'),
        temp('fastcgi'),
        temp('uwsgi'),
        temp('scgi'),
        conf,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErr = '';
    nginx.stderr!.on('data', (b: Buffer) => {
      nginxErr += b.toString();
    });
    await waitUntil(
      'nginx',
      async () => {
        if (nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxErr}`);
        return (await viaProxy(proxy, 'metrics.example.org', '/api/health')).status === 200
          ? true
          : undefined;
      },
      20_000,
    ).catch((e: unknown) => {
      throw new Error(
        `${(e as Error).message}\n${nginxErr}\n${readFileSync(join(prefix, 'error.log'), 'utf8')}`,
      );
    });
  });

  after(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all([...monitors.map((m) => m.stop()), ...metrics.map((m) => m.kill())]);
    for (const pid of existsSync(join(work, 'pids'))
      ? readFileSync(join(work, 'pids'), 'utf8').split('\n')
      : []) {
      try {
        if (pid) process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const m of metrics) rmSync(m.dataDir, { recursive: true, force: true });
    base?.cleanup();
    rmSync(work, { recursive: true, force: true });
    await Promise.all(dbs.map((d) => d.cleanup()));
  });

  test('the monitor answers through the proxy, and its live stream passes unbuffered', async () => {
    const host = 'monitor.example.org';
    for (let i = 0; i < 6; i++) assert.equal((await viaProxy(proxy, host, '/api/health')).status, 200);
    const login = await viaProxy(proxy, host, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    assert.equal(login.status, 200, login.text);
    const authorization = `Bearer ${parsed(login).access_token}`;
    // Issued by one instance, redeemed by whichever the proxy picks: tickets live in the database.
    const ticket = await viaProxy(proxy, host, '/api/sse/tickets', {
      method: 'POST',
      headers: { authorization },
    });
    assert.equal(ticket.status, 200, ticket.text);
    const stream = await viaProxy(
      proxy,
      host,
      `/api/sse/dashboard?ticket=${encodeURIComponent(String(parsed(ticket).ticket))}`,
      { until: (t) => t.includes(': connected') },
    );
    // The stream's first bytes arrived while it is still open: nothing held them back.
    assert.equal(stream.status, 200);
    assert.match(String(stream.type), /^text\/event-stream/);
    assert.equal(stream.ended, false);
    stream.stop();
  });

  test('metrics: a run queued through the proxy streams live through it and is cancelled through it', async () => {
    const host = 'metrics.example.org';
    const readyz = await viaProxy(proxy, host, '/readyz');
    assert.equal(readyz.status, 200, readyz.text);
    assert.equal(parsed(readyz).status, 'ready');
    const created = await viaProxy(proxy, host, '/api/analyses', {
      method: 'POST',
      body: JSON.stringify({ repo_url: 'https://github.com/acme/small' }),
    });
    assert.equal(created.status, 202, created.text);
    const id = parsed(created).id as number;
    const stream = `/api/analyses/${id}/stream`;
    // The pylint of both instances hangs: the run stays in `linting` until it is cancelled.
    const live = await viaProxy(proxy, host, stream, { until: (t) => t.includes('"stage":"linting"') });
    assert.equal(live.status, 200);
    assert.match(String(live.type), /^text\/event-stream/);
    assert.equal(live.ended, false);
    live.stop();
    const ending = viaProxy(proxy, host, stream, { until: (t) => t.includes('event: cancelled') });
    const cancel = await viaProxy(proxy, host, `/api/analyses/${id}/cancel`, { method: 'POST' });
    assert.equal(cancel.status, 200, cancel.text);
    const ended = await ending;
    assert.match(ended.text, /event: cancelled\ndata: \{"id":\d+\}/);
    ended.stop();
    const r = await viaProxy(proxy, host, `/api/analyses/${id}`);
    assert.equal(parsed(r).status, 'cancelled');
  });
});
