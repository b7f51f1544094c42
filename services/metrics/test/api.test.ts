import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { CLASS_COLUMNS, FUNCTION_COLUMNS } from '@app/pyscan';
import { SUMMARY_CSV_COLUMNS } from '../src/pipeline/results/build-results.js';
import { FILE_CSV_COLUMNS } from '../src/pipeline/results/file-row.js';
import { createFixtureBase, type FixtureBase } from './fixtures-builder/build-repo.js';
import {
  csvHeader,
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from './helpers/service.js';
import { buildSmallRepo } from './helpers/small-repo.js';
import { readStream } from './helpers/sse.js';

for (const target of await testDatabases()) {
  describe(`metrics API on ${target.name}`, { skip: target.skip }, () => {
    let base: FixtureBase;
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;

    before(async () => {
      base = createFixtureBase();
      buildSmallRepo(base);
      db = await target.create();
      svc = await startService(
        {
          DATABASE_URL: db.databaseUrl,
          DATA_DIR: db.dataDir,
          GITHUB_BASE_URL: base.baseUrl,
          PYLINT_ENABLED: 'false',
        },
        { worker: false },
      );
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
      base?.cleanup();
    });

    test('health, and the OpenAPI schema at /openapi.json and /docs (JSON for API clients, UI for browsers)', async () => {
      const health = await json(await fetch(`${svc.url}/api/health`));
      assert.deepEqual(health.body, { status: 'ok', database: target.name });
      const schema = await json<{ openapi: string; paths: Record<string, unknown> }>(
        await fetch(`${svc.url}/openapi.json`),
      );
      assert.equal(schema.body.openapi, '3.1.0');
      for (const p of [
        '/api/analyses',
        '/api/analyses/{id}',
        '/api/analyses/{id}/stream',
        '/api/analyses/{id}/download/{level}',
        '/api/analyses/{id}/files',
        '/api/repositories/{owner}/{repo}/trend',
      ]) {
        assert.ok(p in schema.body.paths, p);
      }
      const docsJson = await fetch(`${svc.url}/docs`, { headers: { accept: 'application/json' } });
      assert.match(docsJson.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(((await docsJson.json()) as { openapi: string }).openapi, '3.1.0');
      // Also at /api/docs, the monitor's path for its docs (issue 29).
      for (const docs of ['/docs', '/api/docs']) {
        const asJson = await fetch(`${svc.url}${docs}`, { headers: { accept: 'application/json' } });
        assert.equal(((await asJson.json()) as { openapi: string }).openapi, '3.1.0', docs);
        const html = await fetch(`${svc.url}${docs}/`, { headers: { accept: 'text/html' } });
        assert.equal(html.status, 200, docs);
        assert.match(await html.text(), /swagger/i);
        const spec = await fetch(`${svc.url}${docs}/json`);
        assert.equal(((await spec.json()) as { openapi: string }).openapi, '3.1.0', docs);
      }
    });

    test('rejects bad requests with 422 problem details before anything reaches git', async () => {
      const cases: [unknown, string][] = [
        [{ repo_url: 'http://github.com/acme/small' }, 'repo_url'],
        [{ repo_url: 'https://gitlab.com/acme/small' }, 'repo_url'],
        [{ repo_url: 'https://github.com/acme' }, 'repo_url'],
        [{ repo_url: 'https://github.com/acme/small/tree/main' }, 'repo_url'],
        [{ repo_url: 'https://github.com/-acme/small' }, 'repo_url'],
        [{ repo_url: 'https://github.com/acme/small.git/' }, 'repo_url'],
        [{ repo_url: 'file:///etc/passwd' }, 'repo_url'],
        [{ repo_url: 'https://github.com/acme/small', branch: '--upload-pack=touch x' }, 'branch'],
        [{ repo_url: 'https://github.com/acme/small', ref: 'a..b' }, 'ref'],
        [{ repo_url: 'https://github.com/acme/small', ref: 'v1\n' }, 'ref'],
        [{ repo_url: 'https://github.com/acme/small', extra: 1 }, 'extra'],
        [{}, 'repo_url'],
        [{ repo_url: 42 }, 'repo_url'],
      ];
      for (const [body, path] of cases) {
        const r = await json<{ code: string; status: number; errors: { path: string }[] }>(
          await postAnalysis(svc.url, body),
        );
        assert.equal(r.status, 422, JSON.stringify(body));
        assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
        assert.equal(r.body.code, 'validation_failed');
        assert.ok(
          r.body.errors.some((e) => e.path === path),
          `${JSON.stringify(body)} → ${JSON.stringify(r.body.errors)}`,
        );
      }
      const list = await json<unknown[]>(await fetch(`${svc.url}/api/analyses`));
      assert.deepEqual(list.body, []);
      const bad = await fetch(`${svc.url}/api/analyses`, {
        method: 'POST',
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(bad.status, 400);
    });

    test('a queued run: record shape, 409 for its outputs, 404s, list limits', async () => {
      const r = await json(
        await postAnalysis(svc.url, {
          repo_url: 'https://github.com/acme/small.git',
          branch: 'main',
          ref: 'v0.1',
        }),
      );
      assert.equal(r.status, 202);
      assert.equal(r.body.repo_url, 'https://github.com/acme/small');
      assert.equal(r.body.status, 'pending');
      assert.equal(r.body.stage, 'pending');
      assert.equal(r.body.branch, 'main');
      assert.equal(r.body.ref, 'v0.1');
      assert.deepEqual(r.body.progress, { done: 0, total: 0 });
      assert.equal(r.body.error, null);
      assert.equal(r.body.summary, null);
      assert.match(String((r.body.warnings as string[])[0]), /ref was used/);
      for (const k of ['id', 'commit_sha', 'output_name', 'created_at', 'started_at', 'finished_at']) {
        assert.ok(k in r.body, k);
      }
      const id = r.body.id as number;
      const notDone = await json(await fetch(`${svc.url}/api/analyses/${id}/download/file`));
      assert.equal(notDone.status, 409);
      assert.equal(notDone.body.code, 'analysis_not_done');
      assert.equal((await fetch(`${svc.url}/api/analyses/${id}/files`)).status, 409);
      assert.equal((await fetch(`${svc.url}/api/analyses/${id}/download/bogus`)).status, 404);
      assert.equal((await fetch(`${svc.url}/api/analyses/999999`)).status, 404);
      assert.equal((await fetch(`${svc.url}/api/analyses/999999/stream`)).status, 404);
      assert.equal((await fetch(`${svc.url}/api/analyses?limit=101`)).status, 422);
      assert.equal((await fetch(`${svc.url}/api/analyses?limit=0`)).status, 422);

      // The worker starts now: the queued run (tag v0.1, branch ignored) finishes.
      svc.server.startWorker();
      const done = await waitFinished(svc.url, id);
      assert.equal(done.status, 'done', JSON.stringify(done.error));
      assert.equal(done.ref_used, 'v0.1');
      assert.match(String(done.output_name), /^small__\d{8}-\d{6}__ref-v0\.1__a\d+__sha-[0-9a-f]{7}$/);
    });

    test('create → stream → done → downloads with known values', async () => {
      const created = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/small' }));
      const id = created.body.id as number;
      const events = await readStream(`${svc.url}/api/analyses/${id}/stream`);
      const stages = events.filter((e) => e.event === 'stage').map((e) => e.data.stage);
      assert.deepEqual(stages, ['pending', 'cloning', 'discovering', 'analyzing', 'generating', 'done']);
      for (const e of events.filter((e) => e.event === 'stage'))
        assert.ok(!Number.isNaN(Date.parse(String(e.data.at))));
      const progress = events.filter((e) => e.event === 'progress');
      assert.ok(progress.length > 0);
      assert.deepEqual(progress.at(-1)?.data, { stage: 'analyzing', done: 2, total: 2 });
      const last = events.at(-1)!;
      assert.equal(last.event, 'done');
      const summary = last.data.summary as Record<string, unknown>;
      assert.equal(summary.files, 2);
      assert.equal(summary.functions, 3);
      assert.equal(summary.classes, 1);
      assert.equal(summary.history_enabled, false);

      // A stream opened after the end replays the stages and the result, then closes.
      const replay = await readStream(`${svc.url}/api/analyses/${id}/stream`);
      assert.deepEqual(
        replay.filter((e) => e.event === 'stage').map((e) => e.data.stage),
        stages,
      );
      assert.equal(replay.at(-1)?.event, 'done');
      // ...with the analysis count where analysis ended, for a client that connected late.
      const names = replay.map((e) => (e.event === 'stage' ? String(e.data.stage) : e.event));
      assert.deepEqual(names.slice(3, 6), ['analyzing', 'progress', 'generating']);
      assert.deepEqual(replay[4]?.data, { stage: 'analyzing', done: 2, total: 2 });

      const record = (await json(await fetch(`${svc.url}/api/analyses/${id}`))).body;
      assert.equal(record.status, 'done');
      assert.equal(record.ref_used, 'main');
      assert.match(String(record.commit_sha), /^[0-9a-f]{40}$/);
      const outDir = join(db.dataDir, 'outputs', String(record.output_name));
      for (const f of [
        'file.csv',
        'class.csv',
        'function.csv',
        'summary.csv',
        'summary.json',
        `${record.output_name}.zip`,
      ]) {
        assert.ok(existsSync(join(outDir, f)), f);
      }

      const fileRes = await fetch(`${svc.url}/api/analyses/${id}/download/file`);
      assert.equal(fileRes.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.match(fileRes.headers.get('content-disposition') ?? '', /^attachment; filename=".+file\.csv"$/);
      const fileCsv = await fileRes.text();
      assert.deepEqual(csvHeader(fileCsv), [...FILE_CSV_COLUMNS]);
      const files = parseCsv(fileCsv);
      assert.deepEqual(
        files.map((f) => f.path),
        ['calc.py', 'util.py'],
      );
      const calc = files[0]!;
      assert.equal(calc.functions, '3');
      assert.equal(calc.classes, '1');
      assert.equal(calc.cc_max, '4');
      assert.equal(calc.mi_rank, 'A');
      assert.equal(calc.pylint_score, '');
      assert.equal(calc.revisions, '');
      assert.equal(calc.hotspot_score, '', 'no history, no hotspot score');
      assert.equal(calc.parse_error, '');

      const fnCsv = await (await fetch(`${svc.url}/api/analyses/${id}/download/function`)).text();
      assert.deepEqual(csvHeader(fnCsv), [...FUNCTION_COLUMNS]);
      const fns = parseCsv(fnCsv);
      const classify = fns.find((f) => f.name === 'classify')!;
      assert.equal(classify.complexity, '4');
      assert.equal(classify.rank, 'A');
      assert.equal(classify.is_method, 'false');
      assert.equal(classify.class, '');
      assert.equal(classify.lineno, '4');
      const area = fns.find((f) => f.name === 'area')!;
      assert.equal(area.complexity, '2');
      assert.equal(area.class, 'Shape');
      assert.equal(area.is_method, 'true');

      const clsCsv = await (await fetch(`${svc.url}/api/analyses/${id}/download/class`)).text();
      assert.deepEqual(csvHeader(clsCsv), [...CLASS_COLUMNS]);
      const [shape] = parseCsv(clsCsv);
      assert.equal(shape?.name, 'Shape');
      assert.equal(shape?.methods, '2');

      const sumCsv = await (await fetch(`${svc.url}/api/analyses/${id}/download/summary`)).text();
      assert.deepEqual(csvHeader(sumCsv), [...SUMMARY_CSV_COLUMNS]);
      assert.equal(parseCsv(sumCsv)[0]?.files, '2');

      const zipRes = await fetch(`${svc.url}/api/analyses/${id}/download/all`);
      assert.equal(zipRes.headers.get('content-type'), 'application/zip');
      assert.match(zipRes.headers.get('content-disposition') ?? '', /\.zip"$/);
      const zip = Buffer.from(await zipRes.arrayBuffer());
      assert.equal(zip.subarray(0, 2).toString('latin1'), 'PK');
      for (const name of [
        'file.csv',
        'class.csv',
        'function.csv',
        'summary.csv',
        'summary.json',
        'hotspots.csv',
        'coupling.csv',
        'knowledge.csv',
      ]) {
        assert.ok(zip.includes(Buffer.from(name)), name);
      }

      // JSON endpoints for the UI.
      const fnPage = await json<{
        items: Record<string, unknown>[];
        total: number;
        next_offset: number | null;
      }>(await fetch(`${svc.url}/api/analyses/${id}/functions?sort=complexity&order=desc&limit=2`));
      assert.equal(fnPage.body.total, 3);
      assert.deepEqual(
        fnPage.body.items.map((f) => [f.name, f.complexity, f.is_method]),
        [
          ['classify', 4, false],
          ['area', 2, true],
        ],
      );
      assert.equal(fnPage.body.next_offset, 2);
      const filtered = await json<{ items: Record<string, unknown>[]; total: number }>(
        await fetch(`${svc.url}/api/analyses/${id}/functions?metric=complexity&min=2&max=3`),
      );
      assert.deepEqual(
        filtered.body.items.map((f) => f.name),
        ['area'],
      );
      const byPath = await json<{ items: Record<string, unknown>[]; total: number }>(
        await fetch(`${svc.url}/api/analyses/${id}/files?path=CALC&sort=cc_max&order=desc`),
      );
      assert.equal(byPath.body.total, 1);
      assert.equal(byPath.body.items[0]?.cc_max, 4);
      assert.deepEqual(Object.keys(byPath.body.items[0]!), [...FILE_CSV_COLUMNS]);
      const badSort = await json(await fetch(`${svc.url}/api/analyses/${id}/files?sort=drop_table`));
      assert.equal(badSort.status, 422);
      assert.equal(badSort.body.code, 'validation_failed');
      assert.equal((await fetch(`${svc.url}/api/analyses/${id}/files?metric=path&min=1`)).status, 422);
      // History off (the default shallow clone): the insights say so instead of showing numbers.
      for (const e of ['hotspots', 'coupling', 'knowledge', 'code-age']) {
        const ins = await json(await fetch(`${svc.url}/api/analyses/${id}/${e}`));
        assert.equal(ins.status, 200, e);
        assert.deepEqual(
          ins.body.history,
          { available: false, reason: 'history_disabled', commits_read: 0 },
          e,
        );
      }
      const sum = await json(await fetch(`${svc.url}/api/analyses/${id}/summary`));
      assert.equal(sum.body.functions, 3);

      const trend = await json<{ series: { ref: string; points: { id: number }[] }[] }>(
        await fetch(`${svc.url}/api/repositories/acme/small/trend`),
      );
      const points = trend.body.series.flatMap((s) => s.points);
      assert.ok(points.length >= 2);
      assert.equal(trend.body.series[0]?.points.at(-1)?.id, id);
      const repos = await json<Record<string, unknown>[]>(await fetch(`${svc.url}/api/repositories`));
      assert.equal(repos.body[0]?.repo_url, 'https://github.com/acme/small');

      const list = await json<{ id: number }[]>(await fetch(`${svc.url}/api/analyses?limit=1`));
      assert.deepEqual(
        list.body.map((a) => a.id),
        [id],
      );
    });

    test('two processes on one database: every queued run is claimed exactly once', async () => {
      const other = await startService({
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
        WORKER_CONCURRENCY: '2',
      });
      try {
        const ids: number[] = [];
        // Four different requests: identical ones would share one pending run.
        const refs = [{}, { branch: 'main' }, { ref: 'v0.1' }, { branch: 'main', ref: 'v0.1' }];
        for (const r of refs) {
          ids.push(
            (await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/small', ...r })))
              .body.id as number,
          );
        }
        assert.equal(new Set(ids).size, 4);
        for (const id of ids) {
          const r = await waitFinished(svc.url, id);
          assert.equal(r.status, 'done', JSON.stringify(r.error));
        }
        const rows = await svc.server.ctx.db
          .selectFrom('analyses')
          .select(['id', 'attempts', 'lease_owner'])
          .where('id', 'in', ids)
          .execute();
        assert.deepEqual(
          rows.map((r) => [r.attempts, r.lease_owner]),
          ids.map(() => [1, null]),
        );
      } finally {
        await other.close();
      }
    });

    test('an unknown branch fails the run with ref_not_found, streamed as failed', async () => {
      const created = await json(
        await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/small', branch: 'no-such-branch' }),
      );
      const events = await readStream(`${svc.url}/api/analyses/${created.body.id}/stream`);
      assert.deepEqual(events.at(-1), {
        event: 'failed',
        data: { code: 'ref_not_found', message: events.at(-1)?.data.message },
      });
      assert.equal(events.at(-2)?.data.stage, 'failed');
      const r = (await json(await fetch(`${svc.url}/api/analyses/${created.body.id}`))).body;
      assert.equal(r.status, 'failed');
      assert.equal((r.error as { code: string }).code, 'ref_not_found');
      assert.deepEqual(
        (await import('node:fs')).readdirSync(join(db.dataDir, 'scratch')),
        [],
        'the scratch clone is removed',
      );
    });
  });
}
