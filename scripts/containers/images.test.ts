import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { freePort, testDatabases } from '@app/kit/testing';
import {
  buildImages,
  Container,
  createVolume,
  docker,
  healthy,
  image,
  listVolume,
  needEngine,
  ROLES,
  type Role,
  removeVolume,
} from './container-rig.js';
import { buildFixtureRepo, call, startTarget, type Target, until } from './smoke-peers.js';

/*
 * Issue 37: the role images built from the Containerfile, run as an orchestrator would run them,
 * against the CI's PostgreSQL and loopback targets (host networking: nothing leaves 127.0.0.0/8).
 * The monitor answers /readyz, signs in and checks a target; a probe container reports to it; the
 * metrics API and worker images analyse a fixture repository end to end; every container stops
 * on SIGTERM within its grace period (exit 0, not the engine's kill) and wrote nothing outside its
 * volume. The steps build on each other and run in order.
 */

const ADMIN = { username: 'container-admin', password: 'container-smoke-password-1' };
/** The grace period given to `docker stop`, as compose.yaml and the Kubernetes manifests give it. */
const GRACE_S = 15;
const pgTarget = (await testDatabases()).find((t) => t.name === 'postgres')!;
const engineSkip = needEngine();
const skip = engineSkip || pgTarget.skip;

describe('container images: build, run, smoke-test over loopback', { skip }, () => {
  const run = `smoke-${process.pid}-${randomBytes(3).toString('hex')}`;
  const containers = new Map<Role, Container>();
  const volumes = new Map<Role, string>();
  const cleanups: (() => Promise<void> | void)[] = [];
  let target: Target;
  let monitorBase = '';
  let token = '';

  function start(role: Role, env: Record<string, string>, extra: Partial<{ volumes: string[] }> = {}) {
    const volume = createVolume(`${run}-${role}`);
    volumes.set(role, volume);
    const c = new Container({
      role,
      name: `${run}-${role}`,
      env,
      volumes: [`${volume}:/data`, ...(extra.volumes ?? [])],
      // The image's own HEALTHCHECK command, asked every second instead of every 30 s.
      options: ['--health-interval', '1s', '--health-start-period', '0s'],
    });
    containers.set(role, c);
    return c;
  }

  before(async () => {
    const started = Date.now();
    const built = buildImages();
    console.log(`${built.trim()}\nimages ready in ${Math.round((Date.now() - started) / 1000)} s`);
    target = await startTarget();
    cleanups.push(() => target.close());
  });

  after(async () => {
    for (const c of containers.values()) c.remove();
    for (const v of volumes.values()) removeVolume(v);
    for (const f of cleanups.reverse()) await f();
  });

  test('every role image runs as the unprivileged user app, under tini, with a health check and the volume /data', () => {
    for (const role of ROLES) {
      const cfg = JSON.parse(docker(['image', 'inspect', '-f', '{{json .Config}}', image(role)])) as {
        User: string;
        Entrypoint: string[];
        Volumes: Record<string, object>;
        Healthcheck: { Test: string[] };
        Env: string[];
      };
      assert.equal(cfg.User, 'app', role);
      assert.equal(cfg.Entrypoint[0], '/usr/bin/tini', role);
      assert.deepEqual(Object.keys(cfg.Volumes), ['/data'], role);
      assert.ok(cfg.Env.includes('DATA_DIR=/data') && cfg.Env.includes('HOME=/data'), role);
      assert.match(cfg.Healthcheck.Test.join(' '), /\/healthz/, role);
    }
  });

  test('the monitor image on PostgreSQL: ready, healthy, signs in and checks a loopback target', async () => {
    const db = await pgTarget.create();
    cleanups.push(() => db.cleanup());
    const port = await freePort();
    monitorBase = `http://127.0.0.1:${port}`;
    const since = new Date(Date.now() - 1000);
    const monitor = start('monitor', {
      DATABASE_URL: db.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRET_KEY: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CHANGE_POLL_SECONDS: '1',
    });
    const t0 = Date.now();
    await monitor.waitFor(/Server listening/);
    console.log(`monitor container listening in ${Date.now() - t0} ms`);
    assert.equal(monitor.exec(['id', '-u']).trim(), '10001');
    const ready = await until(
      () => call<{ status: string; checks: { name: string; ok: boolean }[] }>(monitorBase, 'GET', '/readyz'),
      (r) => r.status === 200,
      'the monitor to be ready',
    );
    assert.equal(ready.json.status, 'ready');
    assert.deepEqual(
      ready.json.checks.map((c) => [c.name, c.ok]),
      [
        ['database', true],
        ['migrations', true],
        ['scheduler', true],
        ['relay', true],
      ],
    );
    await healthy(monitor.name, since);

    const login = await call<{ access_token: string }>(monitorBase, 'POST', '/api/auth/login', ADMIN);
    assert.equal(login.status, 200, JSON.stringify(login.json));
    token = login.json.access_token;
    const wrong = await call(monitorBase, 'POST', '/api/auth/login', {
      ...ADMIN,
      password: 'not-the-password-1',
    });
    assert.equal(wrong.status, 401);

    const checked = await call<{ status: string; status_code: number; error: string | null }>(
      monitorBase,
      'POST',
      '/api/monitors/test',
      { url: `${target.url}/from-monitor` },
      token,
    );
    assert.equal(checked.status, 200, JSON.stringify(checked.json));
    assert.equal(checked.json.status, 'up');
    assert.equal(checked.json.status_code, 200);
    assert.ok(target.paths.includes('/from-monitor'));
  });

  test('a probe container reports its results to the monitor container', async () => {
    assert.ok(token, 'the monitor step ran');
    const loc = await call<{ token: string }>(
      monitorBase,
      'POST',
      '/api/locations',
      { id: 'box', name: 'Container probe', heartbeat_seconds: 5 },
      token,
    );
    assert.equal(loc.status, 201, JSON.stringify(loc.json));
    const created = await call<{ id: number }>(
      monitorBase,
      'POST',
      '/api/monitors',
      {
        name: 'via probe',
        url: `${target.url}/from-probe`,
        check_interval_seconds: 1,
        location_ids: ['box'],
      },
      token,
    );
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const since = new Date(Date.now() - 1000);
    const probe = start('probe', {
      PROBE_SERVER_URL: monitorBase,
      PROBE_TOKEN: loc.json.token,
      PROBE_BATCH_MS: '200',
    });
    await probe.waitFor(/assignments loaded/);
    const rows = await until(
      () =>
        call<{ status: string; location_id: string }[]>(
          monitorBase,
          'GET',
          `/api/check-results?monitor_id=${created.json.id}&limit=50`,
          undefined,
          token,
        ),
      (r) => r.status === 200 && r.json.some((row) => row.location_id === 'box'),
      'a result from the probe',
    );
    const fromProbe = rows.json.find((row) => row.location_id === 'box')!;
    assert.equal(fromProbe.status, 'up');
    assert.ok(target.paths.includes('/from-probe'));
    // The probe's health check asks the central instance's /healthz, as the probe reaches it.
    await healthy(probe.name, since);
    assert.ok(!probe.output().includes(loc.json.token), 'the token is never printed');
  });

  test('the metrics API and worker images analyse a fixture repository end to end, pylint included', async () => {
    const db = await pgTarget.create();
    cleanups.push(() => db.cleanup());
    const fixture = buildFixtureRepo();
    cleanups.push(() => fixture.cleanup());
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: db.databaseUrl!,
      HOST: '127.0.0.1',
      GITHUB_BASE_URL: 'file:///fixtures',
    };
    const since = new Date(Date.now() - 1000);
    const api = start('metrics', { ...env, PORT: String(apiPort) });
    const worker = start(
      'metrics-worker',
      { ...env, PORT: String(workerPort) },
      { volumes: [`${fixture.dir}:/fixtures:ro`] },
    );
    const t0 = Date.now();
    // A cold start compiles the metrics sources (tsx, cached in the volume afterwards): on a loaded
    // 2-core machine that alone has taken over a minute.
    await Promise.all([api.waitFor(/metrics started/, 240_000), worker.waitFor(/metrics started/, 240_000)]);
    console.log(`metrics API and worker containers started in ${Date.now() - t0} ms`);
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const workerReady = await until(
      () =>
        call<{ checks: { name: string; ok: boolean }[] }>(`http://127.0.0.1:${workerPort}`, 'GET', '/readyz'),
      (r) => r.status === 200,
      'the worker to be ready',
    );
    assert.ok(workerReady.json.checks.some((c) => c.name === 'worker' && c.ok));

    const queued = await call<{ id: number }>(apiBase, 'POST', '/api/analyses', {
      repo_url: 'https://github.com/acme/shapes',
    });
    assert.equal(queued.status, 202, JSON.stringify(queued.json));
    const done = await until(
      () =>
        call<{ status: string; error: unknown; warnings?: unknown }>(
          apiBase,
          'GET',
          `/api/analyses/${queued.json.id}`,
        ),
      (r) => ['done', 'failed', 'cancelled'].includes(r.json.status),
      'the analysis to finish',
      120_000,
    );
    assert.equal(done.json.status, 'done', JSON.stringify(done.json));
    console.log(`fixture analysed in ${Date.now() - t0} ms from the containers' start`);
    const files = await call<{ items: { path: string; pylint_score: number | null }[] }>(
      apiBase,
      'GET',
      `/api/analyses/${queued.json.id}/files`,
    );
    assert.equal(files.status, 200);
    const byPath = new Map(files.json.items.map((f) => [f.path, f]));
    assert.deepEqual([...byPath.keys()].sort(), ['shapes/__init__.py', 'shapes/area.py']);
    // pylint ran in the worker image: `import os` unused is a warning, so that file scores below 10.
    const area = byPath.get('shapes/area.py')!;
    assert.equal(typeof area.pylint_score, 'number');
    assert.ok(area.pylint_score! < 10, JSON.stringify(area));
    assert.equal(byPath.get('shapes/__init__.py')!.pylint_score, 10);
    const findings = await call<{ items: { path: string; symbol: string }[] }>(
      apiBase,
      'GET',
      `/api/analyses/${queued.json.id}/findings`,
    );
    assert.ok(
      findings.json.items.some((f) => f.path === 'shapes/area.py' && f.symbol === 'unused-import'),
      JSON.stringify(findings.json),
    );
    // The worker wrote the run's outputs into its volume; the API image has no git or pylint.
    assert.ok(listVolume(volumes.get('metrics-worker')!, 'outputs').some((n) => n.startsWith('shapes__')));
    await Promise.all([healthy(api.name, since), healthy(worker.name, since)]);
  });

  test('SIGTERM stops every container within its grace period, and nothing was written outside /data', async () => {
    assert.equal(containers.size, 4, 'every role ran');
    // The probe first (it sends its last results to the monitor), the worker before the API.
    for (const role of ['probe', 'monitor', 'metrics-worker', 'metrics'] as const) {
      const c = containers.get(role)!;
      assert.equal(c.inspect('{{.State.Running}}'), 'true', `${role} still runs`);
      const t0 = Date.now();
      const code = await c.stop(GRACE_S);
      console.log(`${role} stopped in ${Date.now() - t0} ms, exit ${code}`);
      assert.equal(
        code,
        0,
        `${role} exited ${code} (137: killed after the grace period)\n${c.output().slice(-2000)}`,
      );
      assert.deepEqual(c.diff(), [], `${role} changed its image's file system`);
    }
  });
});
