import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { runPylint } from '../../src/pipeline/pylint/run-pylint.js';
import { gradeOf } from '../../src/shared-types/grade.js';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from '../helpers/service.js';

// pylint 2.16 on sqlalchemy: exit 1, nothing on stdout, an astroid traceback on stderr. The fake below
// does exactly that for any batch holding a file marked CRASH_ME and hands every other batch to the
// real pylint, so the files it does not crash on get their true scores.
const TRACEBACK = `Traceback (most recent call last):
  File "/usr/lib/python3/dist-packages/pylint/lint/pylinter.py", line 788, in _lint_file
    check_astroid_module(module)
  File "/usr/lib/python3/dist-packages/astroid/nodes/node_ng.py", line 576, in repr_tree
    raise RecursionError
astroid.exceptions.AstroidError: Building the module failed (maximum recursion depth exceeded)
`;

const FILES: Record<string, string> = {
  'clean.py': '"""Nothing to say."""\n\nVALUE = 1\n',
  'messy.py': '"""Messages."""\nimport os\n\nlower = 1\n\n\nclass Empty:\n    """No methods."""\n',
  'bad.py': '"""Crashes pylint."""\n# CRASH_ME\nVALUE = 2\n',
  'more.py': '"""More."""\n\n\ndef f(a):\n    """Doc."""\n    if a:\n        return 1\n    return 2\n',
  'last.py': '"""Last."""\n\nprint(undefined_name)\n',
};

const WHEN = { author: ALICE, date: '2024-01-01T00:00:00Z' };

let work: string;
let fakePylint: string;
let base: FixtureBase;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'metrics-pylint-crash-'));
  const real = spawnSync('sh', ['-c', 'command -v pylint'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(work, 'traceback.txt'), TRACEBACK);
  fakePylint = join(work, 'crashing-pylint');
  writeFileSync(
    fakePylint,
    `#!/bin/sh
files=
for a in "$@"; do
  if [ -n "$files" ] && grep -q CRASH_ME "$a" 2>/dev/null; then
    cat '${join(work, 'traceback.txt')}' >&2
    exit 1
  fi
  [ "$a" = "--" ] && files=1
done
exec '${real || 'pylint'}' "$@"
`,
  );
  chmodSync(fakePylint, 0o755);
  base = createFixtureBase();
  const b = new RepoBuilder(join(base.dir, 'acme', 'crashy'), 'main');
  for (const [path, text] of Object.entries(FILES)) b.write(path, text);
  b.commit('files', WHEN);
  // Every file crashes it: the whole pylint step fails, as on sqlalchemy.
  const all = new RepoBuilder(join(base.dir, 'acme', 'allcrash'), 'main');
  for (const [path, text] of Object.entries(FILES)) all.write(path, `${text}# CRASH_ME\n`);
  all.commit('files', WHEN);
});
after(() => {
  rmSync(work, { recursive: true, force: true });
  base.cleanup();
});

interface FileJson {
  path: string;
  pylint_score: number | null;
  pylint_convention: number | null;
  pylint_refactor: number | null;
  pylint_warning: number | null;
  pylint_error: number | null;
  pylint_fatal: number | null;
}

describe('runPylint with a pylint that crashes', { skip: needTool('pylint') }, () => {
  test('a crashing batch is split until the crash is one file; the others keep their results', async () => {
    const dir = join(base.dir, 'acme', 'crashy');
    const files = Object.keys(FILES);
    const failed: { files: string[]; message: string }[] = [];
    const r = await runPylint(files, {
      cwd: dir,
      command: fakePylint,
      parallelism: 1,
      onFailed: (f, message) => failed.push({ files: f, message }),
    });
    const real = await runPylint(
      files.filter((f) => f !== 'bad.py'),
      { cwd: dir, parallelism: 1 },
    );
    assert.deepEqual([...r.keys()].sort(), [...real.keys()].sort());
    for (const [f, v] of real) assert.deepEqual(r.get(f), v, f);
    assert.deepEqual(failed, [
      {
        files: ['bad.py'],
        message:
          'astroid.exceptions.AstroidError: Building the module failed (maximum recursion depth exceeded)',
      },
    ]);
  });

  test("the real pylint's internal error on a file (astroid-error) leaves that file unmeasured, not 0", async () => {
    const dir = join(work, 'deep');
    mkdirSync(dir);
    // A 3000-term sum: astroid cannot build the module (recursion), pylint says F0002 astroid-error.
    writeFileSync(join(dir, 'deep.py'), `x = ${Array.from({ length: 3000 }, () => '1').join(' + ')}\n`);
    writeFileSync(join(dir, 'fine.py'), FILES['messy.py']!);
    const failed: { files: string[]; message: string }[] = [];
    const r = await runPylint(['deep.py', 'fine.py'], {
      cwd: dir,
      parallelism: 1,
      onFailed: (files, message) => failed.push({ files, message }),
    });
    assert.deepEqual(failed, [
      {
        files: ['deep.py'],
        message: 'pylint reported astroid-error (an internal error while checking the file)',
      },
    ]);
    assert.deepEqual([...r.keys()], ['fine.py']);
    assert.equal(r.get('fine.py')!.pylint_fatal, 0);
  });

  test('empty output with a clean exit is not a perfect score', async () => {
    const silent = join(work, 'silent-pylint');
    writeFileSync(silent, '#!/bin/sh\nexit 0\n');
    chmodSync(silent, 0o755);
    const failed: string[] = [];
    const r = await runPylint(['clean.py', 'messy.py'], {
      cwd: join(base.dir, 'acme', 'crashy'),
      command: silent,
      onFailed: (f, m) => failed.push(`${f.join(',')}: ${m}`),
    });
    assert.equal(r.size, 0);
    assert.deepEqual(failed, [
      'clean.py: pylint gave no output (exit 0)',
      'messy.py: pylint gave no output (exit 0)',
    ]);
  });
});

for (const target of await testDatabases()) {
  describe(`a run whose pylint crashes on ${target.name}`, {
    skip: target.skip || needTool('pylint'),
  }, () => {
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;

    before(async () => {
      db = await target.create();
      svc = await startService({
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_COMMAND: fakePylint,
      });
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
    });

    async function analyse(repo: string): Promise<{ record: Record<string, unknown>; files: FileJson[] }> {
      const created = await json(
        await postAnalysis(svc.url, { repo_url: `https://github.com/acme/${repo}` }),
      );
      assert.equal(created.status, 202);
      const record = await waitFinished(svc.url, created.body.id as number);
      const files = (
        await json<{ items: FileJson[] }>(await fetch(`${svc.url}/api/analyses/${record.id}/files?limit=100`))
      ).body.items;
      return { record, files };
    }

    test('the crashing file has empty pylint columns and a warning; the others keep real scores', async () => {
      const { record, files } = await analyse('crashy');
      assert.equal(record.status, 'done');
      assert.equal(record.pylint_status, 'partial');
      assert.deepEqual(record.warnings, [
        'pylint crashed on bad.py: astroid.exceptions.AstroidError: Building the module failed (maximum recursion depth exceeded); its pylint columns are empty',
      ]);
      const bad = files.find((f) => f.path === 'bad.py')!;
      assert.deepEqual(
        [
          bad.pylint_score,
          bad.pylint_convention,
          bad.pylint_refactor,
          bad.pylint_warning,
          bad.pylint_error,
          bad.pylint_fatal,
        ],
        [null, null, null, null, null, null],
      );
      const dir = join(base.dir, 'acme', 'crashy');
      const others = Object.keys(FILES).filter((f) => f !== 'bad.py');
      const real = await runPylint(others, { cwd: dir, parallelism: 1 });
      for (const f of others) {
        const row = files.find((x) => x.path === f)!;
        assert.equal(row.pylint_score, real.get(f)!.pylint_score, f);
        assert.equal(row.pylint_convention, real.get(f)!.pylint_convention, f);
      }
      // Two files really score below 10, so a crash read as 10.0 would have raised the average.
      assert.ok(others.some((f) => real.get(f)!.pylint_score < 10));
      const summary = record.summary as Record<string, number | null>;
      const mean = others.reduce((a, f) => a + real.get(f)!.pylint_score, 0) / others.length;
      assert.ok(Math.abs((summary.pylint_avg as number) - mean) < 1e-9);
      const part = gradeOf(summary).parts.find((p) => p.name === 'pylint');
      assert.deepEqual(
        { name: part?.name, value: part?.value },
        { name: 'pylint', value: Math.max(0, Math.min(100, mean * 10)) },
      );
    });

    test('pylint crashing on every file leaves pylint out of the summary and the grade', async () => {
      const { record, files } = await analyse('allcrash');
      assert.equal(record.status, 'done');
      const warnings = record.warnings as string[];
      assert.equal(warnings.length, 1);
      assert.match(
        warnings[0]!,
        /^pylint crashed on 5 files \(bad\.py, clean\.py, last\.py, messy\.py, more\.py\): astroid\.exceptions\.AstroidError: .*; their pylint columns are empty$/,
      );
      assert.ok(files.length === 5 && files.every((f) => f.pylint_score === null && f.pylint_error === null));
      const summary = record.summary as Record<string, number | null>;
      assert.equal(summary.pylint_avg, null);
      assert.equal(
        gradeOf(summary).parts.some((p) => p.name === 'pylint'),
        false,
      );
      // Every pylint process of both runs exited, so none is left recorded for a later start to kill.
      assert.deepEqual(readdirSync(join(db.dataDir, 'child-groups')), []);
    });
  });
}
