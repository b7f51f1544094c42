// The per-file pylint cache (issue 38) with real pylint, a real git repository and both databases:
// a later commit lints only its changed files and their importers, a changed imported module
// invalidates its importers' results, and the results equal pylint's over every file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLogger, openDatabase } from '@app/kit';
import { needTool, testDatabases } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import { readConfig } from '../../src/config.js';
import { runBandit } from '../../src/pipeline/bandit/run-bandit.js';
import { runBanditStep } from '../../src/pipeline/stages/lint/bandit-step.js';
import { runCachedPylintStep, runPylintStep } from '../../src/pipeline/stages/lint/pylint-step.js';
import type { RunEnv } from '../../src/pipeline/stages/run-env.js';
import { migrations } from '../../src/store/migrations/index.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { ALICE, gitSync, RepoBuilder } from '../fixtures-builder/build-repo.js';

const skip = needTool('pylint') || needTool('bandit') || needTool('git');
const FILES = ['pkg/__init__.py', 'pkg/base.py', 'pkg/user.py', 'pkg/indirect.py', 'pkg/alone.py'];
const STEP = { repoArgs: [], environmentInScore: false };

for (const target of await testDatabases()) {
  describe(`per-file pylint cache on ${target.name}`, { skip: target.skip || skip }, () => {
    let db: Kysely<MetricsDB>;
    let closeDb: () => Promise<void>;
    let cleanup: () => Promise<void>;
    let env: RunEnv;
    let repo: RepoBuilder;
    let day = 0;
    const commit = (msg: string) =>
      repo.commit(msg, { author: ALICE, date: new Date(Date.UTC(2024, 0, 1 + day++)).toISOString() });
    const clone = () => ({ dir: repo.dir, treeSha: gitSync(repo.dir, ['rev-parse', 'HEAD^{tree}']) });

    before(async () => {
      const made = await target.create();
      cleanup = made.cleanup;
      const config = readConfig({
        DATA_DIR: made.dataDir,
        ...(made.databaseUrl ? { DATABASE_URL: made.databaseUrl } : {}),
        PYLINT_JOBS: '1',
        LOG_LEVEL: 'silent',
      });
      const opened = await openDatabase<MetricsDB>({
        databaseUrl: config.databaseUrl,
        sqliteFile: config.sqliteFile,
        migrations,
      });
      db = opened.db;
      closeDb = opened.close;
      env = {
        deps: {
          config,
          db,
          log: createLogger({ name: 'pylint-file-cache', level: 'silent' }),
          events: { changed() {}, progress() {} },
        },
        owner: 'test',
        signal: new AbortController().signal,
        pool: () => Promise.reject(new Error('not used')),
      };
      repo = new RepoBuilder(join(made.dataDir, 'repo'));
      repo
        .write('pkg/__init__.py', '"""Package."""\n')
        .write(
          'pkg/base.py',
          '"""Base."""\n\n\nclass Base:\n    """A base."""\n\n    def greet(self):\n        """Greets."""\n        return 1\n\n    def part(self):\n        """Part."""\n        return 2\n',
        )
        .write('pkg/user.py', '"""User."""\nfrom pkg.base import Base\n\nVALUE = Base().greet()\n')
        .write('pkg/indirect.py', '"""Indirect."""\nfrom pkg import user\n\nTWICE = user.VALUE * 2\n')
        .write('pkg/alone.py', '"""Alone."""\n\nlower = 1\n');
      commit('start');
    });
    after(async () => {
      await closeDb?.();
      await cleanup?.();
    });

    test('a later commit lints only changed files and their importers, with the full pass results', async () => {
      const first = await runCachedPylintStep(env, clone(), FILES, [], STEP);
      assert.equal(first.use, 'miss');
      assert.deepEqual(first.files, { reused: 0, linted: 5 });
      assert.deepEqual(first.results?.get('pkg/user.py')?.findings, []);

      const again = await runCachedPylintStep(env, clone(), FILES, [], STEP);
      assert.equal(again.use, 'hit');
      assert.deepEqual(again.files, { reused: 5, linted: 0 });
      assert.deepEqual([...again.results!], [...first.results!]);

      // greet() gone from the imported module: user.py now calls a member that does not exist.
      repo.write(
        'pkg/base.py',
        '"""Base."""\n\n\nclass Base:\n    """A base."""\n\n    def hello(self):\n        """Says hello."""\n        return 1\n\n    def part(self):\n        """Part."""\n        return 2\n',
      );
      commit('rename greet');
      const later = await runCachedPylintStep(env, clone(), FILES, [], STEP);
      assert.equal(later.use, 'miss');
      // base.py changed; user.py imports it, indirect.py imports user.py; __init__.py and alone.py reused.
      assert.deepEqual(later.files, { reused: 2, linted: 3 });
      const user = later.results?.get('pkg/user.py');
      assert.deepEqual(
        user?.findings.map((f) => f.symbol),
        ['no-member'],
      );
      assert.equal(user?.pylint_error, 1);
      assert.equal(later.results?.get('pkg/alone.py')?.pylint_convention, 1);
      // Identity: the same as pylint over every file of that commit, with no cache at all.
      const full = await runPylintStep(env, repo.dir, FILES, [], STEP);
      assert.deepEqual([...later.results!], [...full!]);
    });

    test("bandit checks only the files a later commit changed, with bandit's results over every file", async () => {
      const files = [...FILES, 'pkg/shell.py', 'pkg/broken.py'];
      repo
        .write('pkg/shell.py', '"""Shell."""\nimport subprocess\n\nsubprocess.call("ls", shell=True)\n')
        .write('pkg/broken.py', 'def broken(:\n    pass\n');
      commit('bandit material');
      const first = await runBanditStep(env, clone(), files, []);
      assert.deepEqual(
        first.results?.skipped.map((s) => s.path),
        ['pkg/broken.py'],
      );
      assert.ok((first.results?.findings.get('pkg/shell.py')?.length ?? 0) > 0);

      repo.write('pkg/alone.py', '"""Alone."""\nimport pickle\n\nlower = pickle.loads(b"")\n');
      commit('pickle');
      const warnings: string[] = [];
      const later = await runBanditStep(env, clone(), files, warnings);
      const full = await runBandit(files, { cwd: repo.dir });
      // The same findings, file by file, and the same file bandit could not check, as bandit over all.
      assert.deepEqual([...later.results!.findings].sort(), [...full.findings].sort());
      assert.deepEqual(later.results!.skipped, full.skipped);
      assert.ok((later.results?.findings.get('pkg/alone.py')?.length ?? 0) > 0);
      // The file bandit could not check is named again, though its result came from the cache.
      assert.equal(warnings.length, 1);
    });
  });
}
