import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import {
  buildStandardFixture,
  createFixtureBase,
  type FixtureBase,
  type StandardFixture,
} from './fixtures-builder/build-repo.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from './helpers/service.js';
import { buildSmallRepo } from './helpers/small-repo.js';

// Each setting of the contract's table, on SQLite (the API suite covers both engines).
let base: FixtureBase;
let fx: StandardFixture;
const dirs: string[] = [];
const WIDGETS = 'https://github.com/acme/widgets';
const MAIN_FILES = [
  'pkg/__init__.py',
  'pkg/broken.py',
  'pkg/core.py',
  'pkg/latin1.py',
  'pkg/new_name.py',
  'pkg/phoenix.py',
  'pkg/with space.py',
  'tools/env/keep_me.py',
];

before(() => {
  base = createFixtureBase();
  fx = buildStandardFixture(base);
  buildSmallRepo(base, 'big', { bigFileMb: 2 });
});
after(() => {
  base.cleanup();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function service(env: Record<string, string>): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-settings-'));
  dirs.push(dataDir);
  return startService({ DATA_DIR: dataDir, GITHUB_BASE_URL: base.baseUrl, ...env });
}

/** Runs one analysis to its end; returns the record and, when done, the file rows. */
async function run(svc: TestService, body: Record<string, string>) {
  const created = await json(await postAnalysis(svc.url, { repo_url: WIDGETS, ...body }));
  assert.equal(created.status, 202);
  const record = await waitFinished(svc.url, created.body.id as number);
  const files =
    record.status === 'done'
      ? parseCsv(await (await fetch(`${svc.url}/api/analyses/${record.id}/download/file`)).text())
      : [];
  return { record, files, byPath: new Map(files.map((f) => [f.path, f])) };
}

describe('shallow clones, refs and caps', () => {
  let svc: TestService;
  before(async () => {
    svc = await service({ PYLINT_ENABLED: 'false', MAX_REPO_SIZE_MB: '1' });
  });
  after(() => svc.close());

  test('default branch, shallow: test, vendor and linked files left out, history columns empty', async () => {
    const { record, files, byPath } = await run(svc, {});
    assert.equal(record.status, 'done');
    assert.equal(record.commit_sha, fx.shas.head);
    assert.equal(record.ref_used, 'main');
    assert.deepEqual(
      files.map((f) => f.path),
      MAIN_FILES,
    );
    assert.match(byPath.get('pkg/broken.py')?.parse_error ?? '', /./);
    assert.equal(byPath.get('pkg/broken.py')?.cc_total, '');
    assert.equal(byPath.get('pkg/latin1.py')?.parse_error, '');
    for (const f of files) {
      for (const c of [
        'age_days',
        'revisions',
        'authors',
        'avg_loc_added',
        'avg_loc_deleted',
        'pylint_score',
      ]) {
        assert.equal(f[c], '', `${f.path} ${c}`);
      }
    }
    assert.ok(!(record.stages as { stage: string }[]).some((s) => s.stage === 'git_analysis'));
  });

  test('a branch, a tag and a commit sha are checked out', async () => {
    const branch = await run(svc, { branch: 'feature' });
    assert.equal(branch.record.commit_sha, fx.shas.feature);
    assert.ok(branch.byPath.has('pkg/feature.py'));
    const tag = await run(svc, { ref: 'v1.0' });
    assert.equal(tag.record.commit_sha, fx.shas.c4);
    assert.equal(tag.record.ref_used, 'v1.0');
    assert.match(String(tag.record.output_name), /__ref-v1\.0__/);
    const sha = await run(svc, { ref: fx.shas.c3 });
    assert.equal(sha.record.commit_sha, fx.shas.c3);
    assert.ok(sha.byPath.has('pkg/new_name.py'));
    assert.ok(!sha.byPath.has('pkg/phoenix.py'));
  });

  test('an unknown commit fails with ref_not_found', async () => {
    const { record } = await run(svc, { ref: 'deadbeef'.repeat(5) });
    assert.equal(record.status, 'failed');
    assert.equal((record.error as { code: string }).code, 'ref_not_found');
  });

  test('a repository over MAX_REPO_SIZE_MB fails with repo_too_large', async () => {
    const created = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/big' }));
    const record = await waitFinished(svc.url, created.body.id as number);
    assert.equal(record.status, 'failed');
    assert.equal((record.error as { code: string }).code, 'repo_too_large');
  });
});

test('SKIP_TEST_FILES=false keeps test files; a missing PYLINT_COMMAND is a warning, not a failure', async () => {
  const svc = await service({ SKIP_TEST_FILES: 'false', PYLINT_COMMAND: '/nonexistent/pylint' });
  try {
    const { record, files } = await run(svc, {});
    assert.equal(record.status, 'done');
    const paths = files.map((f) => f.path);
    for (const p of ['test_top.py', 'tests/test_core.py', 'tests/helpers.py', 'pkg/core_test.py']) {
      assert.ok(paths.includes(p), p);
    }
    assert.ok((record.warnings as string[]).some((w) => /pylint/.test(w) && /not found/.test(w)));
    for (const f of files) assert.equal(f.pylint_score, '');
  } finally {
    await svc.close();
  }
});

test('MAX_FILE_COUNT stops discovery and records a warning', async () => {
  const svc = await service({ PYLINT_ENABLED: 'false', MAX_FILE_COUNT: '3' });
  try {
    const { record, files } = await run(svc, {});
    assert.equal(record.status, 'done');
    assert.equal(files.length, 3);
    assert.ok((record.warnings as string[]).some((w) => /MAX_FILE_COUNT/.test(w)));
    assert.equal((record.summary as { files: number }).files, 3);
  } finally {
    await svc.close();
  }
});

test('CLONE_SHALLOW=false fills history; pylint fills its columns', {
  skip: needTool('pylint'),
}, async () => {
  const svc = await service({ CLONE_SHALLOW: 'false' });
  try {
    const { record, byPath } = await run(svc, {});
    assert.equal(record.status, 'done', JSON.stringify(record.error));
    assert.ok((record.stages as { stage: string }[]).some((s) => s.stage === 'git_analysis'));
    // core.py: C1 Alice +10, C2 Bob +3 -1, C5 Bob +1 -2; 2024-01-01T10:00 → 2024-03-15T00:00.
    const core = byPath.get('pkg/core.py')!;
    assert.equal(core.revisions, '3');
    assert.equal(core.authors, '2');
    assert.equal(core.age_days, '73');
    assert.equal(Number(core.avg_loc_added), 14 / 3);
    assert.equal(Number(core.avg_loc_deleted), 1);
    // Renamed from old_name.py (Alice), changed by Alice under another spelling and by Carol.
    const renamed = byPath.get('pkg/new_name.py')!;
    assert.equal(renamed.revisions, '3');
    assert.equal(renamed.authors, '2');
    for (const f of byPath.values()) {
      assert.notEqual(f.pylint_score, '', f.path);
      assert.ok(Number(f.pylint_score) >= 0 && Number(f.pylint_score) <= 10);
    }
    assert.equal(byPath.get('pkg/broken.py')?.pylint_error, '1');
    assert.equal(byPath.get('pkg/broken.py')?.pylint_score, '0');
    assert.equal(typeof (record.summary as { pylint_avg: unknown }).pylint_avg, 'number');
    assert.equal((record.summary as { history_enabled: unknown }).history_enabled, true);
  } finally {
    await svc.close();
  }
});
