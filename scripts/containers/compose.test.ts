import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { missing } from '@app/kit/testing';
import { parse as parseYaml } from 'yaml';

/*
 * Issue 37: deploy/compose.yaml as the compose tool itself reads it (`docker compose config`, or
 * Debian's docker-compose), with the example env file filled in: the services of the small HA
 * setup, the health-gated start order, volumes, secrets only from the env file.
 */

const root = new URL('../..', import.meta.url).pathname;
const composeFile = join(root, 'deploy', 'compose.yaml');
const exampleEnv = readFileSync(join(root, 'deploy', '.env.example'), 'utf8');

/** The compose command here: the Docker CLI's plugin, else Debian's docker-compose. */
function composeCommand(): string[] | null {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const res = spawnSync(cmd[0]!, [...cmd.slice(1), 'version'], { stdio: 'ignore', timeout: 20_000 });
    if (res.status === 0) return cmd;
  }
  return null;
}
const compose = composeCommand();
const skip = compose
  ? false
  : missing('neither `docker compose` nor docker-compose is installed (apt-get install docker-compose)');

const work = mkdtempSync(join(tmpdir(), 'compose-test-'));
/** The example env file with the required secrets filled in, and `overrides` applied. */
function envFile(overrides: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    POSTGRES_PASSWORD: 'db-password-1',
    SECRET_KEY: 'a'.repeat(64),
    ADMIN_PASSWORD: 'compose-admin-password-1',
    ...overrides,
  };
  const text = exampleEnv
    .split('\n')
    .map((line) => {
      const name = line.split('=')[0]!;
      return !line.startsWith('#') && name in values ? `${name}=${values[name]}` : line;
    })
    .join('\n');
  const file = join(work, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, text);
  return file;
}

function config(env: string): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(
    compose![0]!,
    [...compose!.slice(1), '-f', composeFile, '--env-file', env, 'config'],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

let parsed: Record<string, Service> | null = null;
/** The services as compose reads them with the filled-in example env file (read once). */
function services(): Record<string, Service> {
  if (!parsed) {
    const res = config(envFile());
    assert.equal(res.status, 0, res.stderr);
    parsed = (parseYaml(res.stdout) as { services: Record<string, Service> }).services;
  }
  return parsed;
}

interface Service {
  image: string;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  volumes?: (string | { source: string; target: string })[];
  healthcheck?: { test: string[] };
  read_only?: boolean;
  stop_grace_period?: string;
  profiles?: string[];
  build?: { target: string; dockerfile: string };
}

const mountTarget = (v: string | { target: string }) => (typeof v === 'string' ? v.split(':')[1] : v.target);
/** `1m5s`, `15s` → seconds. */
const seconds = (d: string) =>
  [...d.matchAll(/(\d+)([hms])/g)].reduce(
    (n, [, v, u]) => n + Number(v) * { h: 3600, m: 60, s: 1 }[u as 'h' | 'm' | 's'],
    0,
  );

describe('compose file (deploy/compose.yaml)', { skip }, () => {
  after(() => rmSync(work, { recursive: true, force: true }));

  test('the small HA setup: PostgreSQL, two monitors, a probe, the metrics API and a worker, gated on health', () => {
    const all = services();
    assert.deepEqual(Object.keys(all).sort(), [
      'metrics-api',
      'metrics-worker',
      'monitor-1',
      'monitor-2',
      'postgres',
      'probe',
    ]);
    assert.deepEqual(all.probe!.profiles, ['probe']);
    const gates = Object.fromEntries(
      Object.entries(all).map(([name, s]) => [
        name,
        Object.entries(s.depends_on ?? {}).map(([dep, d]) => `${dep}:${d.condition}`),
      ]),
    );
    assert.deepEqual(gates, {
      postgres: [],
      'monitor-1': ['postgres:service_healthy'],
      'monitor-2': ['postgres:service_healthy'],
      probe: ['monitor-1:service_healthy'],
      'metrics-api': ['postgres:service_healthy'],
      'metrics-worker': ['metrics-api:service_healthy'],
    });
    // Every service another waits for has a health check.
    for (const dep of ['postgres', 'monitor-1', 'metrics-api']) assert.ok(all[dep]!.healthcheck?.test, dep);
    assert.match(all['monitor-1']!.healthcheck!.test.join(' '), /\/healthz/);
  });

  test('our services: their role image and target, one volume at /data, read-only root, a stop timeout above 10 s', () => {
    const all = services();
    const roles: Record<string, string> = {
      'monitor-1': 'monitor',
      'monitor-2': 'monitor',
      probe: 'probe',
      'metrics-api': 'metrics',
      'metrics-worker': 'metrics-worker',
    };
    const volumes = new Set<string>();
    for (const [name, role] of Object.entries(roles)) {
      const s = all[name]!;
      assert.equal(s.image, `uptime/${role}:local`, name);
      assert.equal(s.build?.target, role, name);
      assert.equal(s.build?.dockerfile, 'Containerfile', name);
      assert.equal(s.read_only, true, name);
      assert.ok(seconds(s.stop_grace_period ?? '10s') >= 15, `${name}: ${s.stop_grace_period}`);
      assert.deepEqual(s.volumes?.map(mountTarget), ['/data'], name);
      const source = s.volumes![0]!;
      volumes.add(typeof source === 'string' ? source.split(':')[0]! : source.source);
    }
    assert.equal(volumes.size, 5, 'each instance has its own volume');
    // Both monitor instances share the database and the secret key (docs/operations.md).
    const [m1, m2] = [all['monitor-1']!.environment!, all['monitor-2']!.environment!];
    assert.equal(m1.SECRET_KEY, 'a'.repeat(64));
    assert.equal(m1.SECRET_KEY, m2.SECRET_KEY);
    assert.equal(m1.DATABASE_URL, m2.DATABASE_URL);
    assert.match(m1.DATABASE_URL!, /^postgres:\/\/uptime:db-password-1@postgres:5432\/monitor$/);
    assert.match(all['metrics-worker']!.environment!.DATABASE_URL!, /@postgres:5432\/metrics$/);
  });

  test('a secret missing from the env file stops compose, naming it', () => {
    for (const name of ['POSTGRES_PASSWORD', 'SECRET_KEY']) {
      const res = config(envFile({ [name]: '' }));
      assert.notEqual(res.status, 0, name);
      assert.match(res.stderr, new RegExp(`set ${name} in deploy/.env`), name);
    }
  });

  test('every variable the compose file reads is in the example env file', () => {
    const used = new Set(
      [...readFileSync(composeFile, 'utf8').matchAll(/\$\{([A-Z_0-9]+)/g)].map((m) => m[1]!),
    );
    const listed = new Set([...exampleEnv.matchAll(/^([A-Z_0-9]+)=/gm)].map((m) => m[1]!));
    // NODE_IMAGE is a build argument with its default, documented in docs/install.md.
    used.delete('NODE_IMAGE');
    assert.deepEqual(
      [...used].filter((v) => !listed.has(v)),
      [],
    );
  });
});
