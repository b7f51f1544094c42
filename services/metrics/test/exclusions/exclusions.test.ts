// `exclude` per analysis and the analysed repository's [tool.pyscan], end to end through the API.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from '../helpers/service.js';

let base: FixtureBase;
const dirs: string[] = [];

before(() => {
  base = createFixtureBase('metrics-exclusions-');
  new RepoBuilder(join(base.dir, 'acme', 'configured'))
    .write(
      'pyproject.toml',
      '[project]\nname = "configured"\n\n[tool.pyscan]\nexclude = ["vendor", "*_pb2.py"]\ninclude_tests = true\n',
    )
    .write('app.py', 'def main():\n    return 1\n')
    .write('api_pb2.py', 'X = 1\n')
    .write('vendor/lib.py', 'Y = 2\n')
    .write('gen/models.py', 'Z = 3\n')
    .write('gen/keep/readme.py', 'W = 4\n')
    .write('tests/test_app.py', 'def test_main():\n    assert True\n')
    .commit('configured', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  new RepoBuilder(join(base.dir, 'acme', 'malformed'))
    .write('pyproject.toml', '[tool.pyscan]\nexclude = "vendor"\n')
    .write('app.py', 'A = 1\n')
    .write('vendor/lib.py', 'B = 2\n')
    .commit('malformed', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  new RepoBuilder(join(base.dir, 'acme', 'broken-toml'))
    .write('pyproject.toml', '[tool.pyscan\n')
    .write('app.py', 'A = 1\n')
    .commit('broken', { author: ALICE, date: '2024-01-01T00:00:00Z' });
});
after(() => {
  base.cleanup();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function service(opts: { worker?: boolean } = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-exclusions-data-'));
  dirs.push(dataDir);
  return startService(
    { DATA_DIR: dataDir, GITHUB_BASE_URL: base.baseUrl, PYLINT_ENABLED: 'false', CLONE_SHALLOW: 'true' },
    opts,
  );
}

async function analyse(svc: TestService, body: Record<string, unknown>) {
  const created = await json(await postAnalysis(svc.url, body));
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const record = await waitFinished(svc.url, created.body.id as number);
  const files =
    record.status === 'done'
      ? parseCsv(await (await fetch(`${svc.url}/api/analyses/${record.id}/download/file`)).text()).map(
          (f) => f.path,
        )
      : [];
  return { record, files };
}

describe('exclusions of an analysis', { skip: needTool('git') }, () => {
  let svc: TestService;
  before(async () => {
    svc = await service();
  });
  after(() => svc.close());

  test("the request's globs add to the repository's [tool.pyscan]; both are recorded on the run", async () => {
    const { record, files } = await analyse(svc, {
      repo_url: 'https://github.com/acme/configured',
      exclude: ['gen/models.py', 'gen/keep/*.md'],
    });
    assert.equal(record.status, 'done', JSON.stringify(record.error));
    // vendor/ and *_pb2.py by the repository, gen/models.py by the request; include_tests = true keeps tests/.
    assert.deepEqual(files, ['app.py', 'gen/keep/readme.py', 'tests/test_app.py']);
    const settings = record.settings as Record<string, unknown>;
    assert.deepEqual(settings.exclude, ['gen/models.py', 'gen/keep/*.md']);
    assert.deepEqual(settings.repository_config, { exclude: ['vendor', '*_pb2.py'], include_tests: true });
    assert.deepEqual(record.warnings, []);
  });

  test('a malformed [tool.pyscan] or invalid TOML is a warning on the run, never a failure', async () => {
    const wrongType = await analyse(svc, { repo_url: 'https://github.com/acme/malformed' });
    assert.equal(wrongType.record.status, 'done');
    assert.deepEqual(wrongType.files, ['app.py', 'vendor/lib.py']);
    assert.deepEqual(wrongType.record.warnings, [
      'pyproject.toml: [tool.pyscan] exclude must be an array of glob strings: [tool.pyscan] of the repository was ignored',
    ]);
    assert.equal((wrongType.record.settings as Record<string, unknown>).repository_config, null);
    const toml = await analyse(svc, { repo_url: 'https://github.com/acme/broken-toml', exclude: [] });
    assert.equal(toml.record.status, 'done');
    assert.match(
      String((toml.record.warnings as string[])[0]),
      /^pyproject\.toml: invalid TOML \(line \d+: .*ignored$/,
    );
  });
});

describe('exclude validation and the pending run', () => {
  let svc: TestService;
  before(async () => {
    // No worker: runs stay pending, and nothing is cloned.
    svc = await service({ worker: false });
  });
  after(() => svc.close());

  const problem = async (body: Record<string, unknown>) => {
    const res = await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/configured', ...body });
    assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('too many globs, a too long one, an absolute, empty or control-character one: 422, nothing queued', async () => {
    const many = await problem({ exclude: Array.from({ length: 51 }, (_, i) => `d${i}`) });
    assert.equal(many.status, 422);
    assert.equal(many.body.code, 'validation_failed');
    const long = await problem({ exclude: ['x'.repeat(201)] });
    assert.equal(long.status, 422);
    const bad = await problem({ exclude: ['ok/**', '/etc/passwd', ' '] });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors, [
      { path: 'exclude.1', message: "exclude globs are relative paths, not '/etc/passwd'" },
      { path: 'exclude.2', message: 'an exclude glob may not be empty' },
    ]);
    // The edge refuses control characters in any string before the service sees the body.
    const control = await problem({ exclude: ['a\u0007b'] });
    assert.equal(control.status, 422);
    assert.equal((control.body.errors as { path: string }[])[0]?.path, 'exclude.0');
    const notArray = await problem({ exclude: 'vendor' });
    assert.equal(notArray.status, 422);
    const list = (await (await fetch(`${svc.url}/api/analyses`)).json()) as unknown[];
    assert.deepEqual(list, []);
  });

  test('a queued run is reused only with the same exclusions; other ones are 409 until it ends', async () => {
    const body = { repo_url: 'https://github.com/acme/configured', exclude: ['gen', 'docs'] };
    const first = await json(await postAnalysis(svc.url, body));
    assert.equal(first.status, 202);
    const same = await json(await postAnalysis(svc.url, { ...body, exclude: ['docs', 'gen', 'gen'] }));
    assert.equal(same.status, 200);
    assert.equal(same.body.id, first.body.id);
    const other = await problem({ exclude: ['gen'] });
    assert.equal(other.status, 409);
    assert.equal(other.body.code, 'analysis_pending');
    assert.match(
      String(other.body.detail),
      new RegExp(`analysis ${first.body.id} .* already pending with other exclusions`),
    );
    const none = await problem({});
    assert.equal(none.status, 409);
  });
});
