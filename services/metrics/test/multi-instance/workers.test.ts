import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import pg from 'pg';
import { migrations } from '../../src/store/migrations/index.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { writeHangingPylint } from '../helpers/hanging-pylint.js';
import { json, parseCsv, postAnalysis, waitFinished } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';
import { type ReceivedEvent, readStream } from '../helpers/sse.js';
import { type Instance, startInstance, waitUntil } from './instances.js';

// Separate processes on one PostgreSQL, each with its own data folder as if on its own machine: an
// api-role instance that never analyses, and worker-role instances that do (one with a pylint that
// hangs, so its run can be caught mid-way and killed or stopped).
const pgTarget = (await testDatabases()).find((t) => t.name === 'postgres')!;

let base: FixtureBase;
let work: string;
let slowPylint: string;
let database: { databaseUrl: string | undefined; cleanup(): Promise<void> };
let env: Record<string, string>;
const instances: Instance[] = [];

async function start(role: Instance['role'], extra: Record<string, string> = {}) {
  const inst = await startInstance(role, { ...env, ...extra });
  instances.push(inst);
  return inst;
}

const record = async (api: Instance, id: number) =>
  (await json(await fetch(`${api.url}/api/analyses/${id}`))).body;

/** Queues a run of acme/small through `api` and waits until a (slow) worker sits in `linting` with it. */
async function runInLinting(api: Instance): Promise<number> {
  const created = await json(await postAnalysis(api.url, { repo_url: 'https://github.com/acme/small' }));
  assert.equal(created.status, 202);
  const id = created.body.id as number;
  await waitUntil('linting', async () => ((await record(api, id)).stage === 'linting' ? true : undefined));
  return id;
}

const outputFolders = (inst: Instance) =>
  readdirSync(join(inst.dataDir, 'outputs')).filter((n) => !n.startsWith('.'));

describe('metrics on several processes over one PostgreSQL', { skip: pgTarget.skip }, () => {
  let api: Instance;
  let slow: Instance;

  before(async () => {
    base = createFixtureBase();
    buildSmallRepo(base);
    work = mkdtempSync(join(tmpdir(), 'metrics-multi-'));
    slowPylint = writeHangingPylint(work, 'pids');
    database = await pgTarget.create();
    env = { DATABASE_URL: database.databaseUrl!, GITHUB_BASE_URL: base.baseUrl };
  });
  after(async () => {
    await Promise.all(instances.map((i) => i.kill()));
    for (const pid of existsSync(join(work, 'pids'))
      ? readFileSync(join(work, 'pids'), 'utf8').split('\n')
      : []) {
      try {
        if (pid) process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const i of instances) rmSync(i.dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    base.cleanup();
    await database.cleanup();
  });

  test('three instances started together on an empty schema migrate once and all come up', async () => {
    let third: Instance;
    [api, slow, third] = await Promise.all([
      start('api'),
      start('worker', { PYLINT_COMMAND: slowPylint }),
      start('all', { PYLINT_COMMAND: slowPylint }),
    ]);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const rows = (await client.query<{ name: string }>('select name from kysely_migration order by name'))
        .rows;
      assert.deepEqual(
        rows.map((r) => r.name),
        Object.keys(migrations),
      );
    } finally {
      await client.end();
    }
    for (const inst of instances) {
      const ready = await json(await fetch(`${inst.url}/readyz`));
      assert.equal(ready.status, 200);
      assert.equal(ready.body.status, 'ready');
      const names = (ready.body.checks as { name: string; ok: boolean }[]).map((c) => `${c.name}:${c.ok}`);
      assert.deepEqual(
        names,
        inst.role === 'api'
          ? ['database:true', 'migrations:true', 'relay:true']
          : ['database:true', 'migrations:true', 'relay:true', 'worker:true'],
      );
      assert.deepEqual((await json(await fetch(`${inst.url}/healthz`))).body, { status: 'ok' });
    }
    // The third was only there to start at the same time: an idle instance stops cleanly.
    assert.equal(await third.stop(), 0);
  });

  test('the worker role serves only the probes; the api role serves the API', async () => {
    assert.equal((await fetch(`${slow.url}/api/analyses`)).status, 404);
    assert.equal((await fetch(`${slow.url}/`)).status, 404);
    assert.equal((await fetch(`${api.url}/api/analyses`)).status, 200);
  });

  test('kill -9 of a worker mid-run: another worker takes the run over and finishes it; a stream on the api instance follows', async () => {
    const id = await runInLinting(api);
    // The api instance never analyses: the slow worker has the run (its clone is on its disk).
    assert.equal(readdirSync(join(api.dataDir, 'scratch')).length, 0);
    assert.equal(readdirSync(join(slow.dataDir, 'scratch')).length, 1);
    const watching = readStream(`${api.url}/api/analyses/${id}/stream`);
    const fast = await start('worker', { PYLINT_COMMAND: '/nonexistent/pylint' });
    await slow.kill();
    const r = await waitFinished(api.url, id, 60_000);
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    // Queued again and analysed from the clone: the stage list starts over.
    assert.deepEqual(
      (r.stages as { stage: string }[]).map((s) => s.stage).filter((s) => s !== 'linting'),
      ['pending', 'cloning', 'discovering', 'analyzing', 'generating', 'done'],
    );
    assert.ok((r.warnings as string[]).some((w) => /pylint/.test(w)));
    assert.deepEqual(outputFolders(fast), [r.output_name]);
    assert.deepEqual(outputFolders(api), []);

    const events: ReceivedEvent[] = await watching;
    const last = events.at(-1)!;
    assert.equal(last.event, 'done');
    assert.equal(last.data.output_name, r.output_name);
    const stages = events.filter((e) => e.event === 'stage').map((e) => e.data.stage);
    assert.ok(stages.includes('analyzing') && stages.at(-1) === 'done', stages.join(','));
    const progress = events.filter((e) => e.event === 'progress').at(-1);
    assert.deepEqual(progress?.data, { stage: 'analyzing', done: 2, total: 2 });
    fastWorker = fast;
  });

  let fastWorker: Instance;

  test('its CSVs, ZIP, PDF and share card download from the api instance, the same bytes as the worker wrote', async () => {
    const list = (
      await json<{ id: number; status: string; output_name: string }[]>(
        await fetch(`${api.url}/api/analyses`),
      )
    ).body;
    const run = list.find((a) => a.status === 'done')!;
    const folder = join(fastWorker.dataDir, 'outputs', run.output_name);
    for (const level of ['file', 'class', 'function', 'summary'] as const) {
      const res = await fetch(`${api.url}/api/analyses/${run.id}/download/${level}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.equal(
        res.headers.get('content-disposition'),
        `attachment; filename="${run.output_name}__${level}.csv"`,
      );
      const text = await res.text();
      assert.equal(text, readFileSync(join(folder, `${level}.csv`), 'utf8'));
      assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(text));
    }
    const files = parseCsv(await (await fetch(`${api.url}/api/analyses/${run.id}/download/file`)).text());
    assert.deepEqual(
      files.map((f) => f.path),
      ['calc.py', 'util.py'],
    );
    const zip = await fetch(`${api.url}/api/analyses/${run.id}/download/all`);
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    assert.ok(
      Buffer.from(await zip.arrayBuffer()).equals(readFileSync(join(folder, `${run.output_name}.zip`))),
    );
    const pdf = await fetch(`${api.url}/api/analyses/${run.id}/report.pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const png = await fetch(`${api.url}/api/analyses/${run.id}/share.png`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.deepEqual(
      [...Buffer.from(await png.arrayBuffer()).subarray(0, 8)],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    );
    // The api instance holds no files of its own.
    assert.deepEqual(outputFolders(api), []);
  });

  test('SIGTERM of a busy worker: it exits cleanly, the run is handed over and finished by another', async () => {
    // Only a slow worker is up, so it gets the run.
    assert.equal(await fastWorker.stop(), 0);
    const busy = await start('worker', { PYLINT_COMMAND: slowPylint });
    const id = await runInLinting(api);
    const other = await start('worker', { PYLINT_COMMAND: '/nonexistent/pylint' });
    const watching = readStream(`${api.url}/api/analyses/${id}/stream`);
    // startService exits 1 when a stop takes over 10 s: 0 says it stopped in time.
    assert.equal(await busy.stop(), 0);
    const r = await waitFinished(api.url, id, 60_000);
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.deepEqual(outputFolders(other), [r.output_name]);
    assert.deepEqual(outputFolders(busy), []);
    // The stopped worker removed its clone; nothing of the run stays on its disk.
    assert.deepEqual(readdirSync(join(busy.dataDir, 'scratch')), []);
    const events = await watching;
    assert.equal(events.at(-1)?.event, 'done');
    otherWorker = other;
    lastRun = id;
  });

  let otherWorker: Instance;
  let lastRun: number;

  test('deleting a run through the api instance removes the export folder on the worker that wrote it', async () => {
    const name = (await record(api, lastRun)).output_name as string;
    assert.deepEqual(outputFolders(otherWorker), [name]);
    const res = await fetch(`${api.url}/api/analyses/${lastRun}`, { method: 'DELETE' });
    assert.equal(res.status, 204);
    await waitUntil('the folder to go', async () =>
      outputFolders(otherWorker).length === 0 ? true : undefined,
    );
    assert.equal((await fetch(`${api.url}/api/analyses/${lastRun}/download/all`)).status, 404);
  });
});
