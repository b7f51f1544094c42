// How people run pyscan: the bin through npx, a terminal, pre-commit, and the GitHub Actions steps.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { BIN, git, pyFunction, tempTree } from './helpers.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const BIN_DIR = join(ROOT, 'node_modules', '.bin');

let tree: ReturnType<typeof tempTree>;
before(() => {
  tree = tempTree({ 'pkg/mod.py': pyFunction('busy', 9), 'pkg/ok.py': pyFunction('calm', 2) });
});
after(() => tree.cleanup());

describe('the pyscan bin', () => {
  test('npm links it into node_modules/.bin, and npx pyscan runs from the repository root', () => {
    assert.ok(existsSync(join(BIN_DIR, 'pyscan')), 'node_modules/.bin/pyscan is missing: run npm install');
    const res = spawnSync(
      'npx',
      ['--no-install', 'pyscan', join(tree.dir, 'pkg'), '--threads', '1', '--fail-on', 'cc>8'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PYSCAN_FROM_SOURCE: '1', NO_COLOR: '1' },
      },
    );
    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stdout, /gate failed: 1 item breaks cc>8\n {2}mod\.py:1: busy: cc 9 \(limit cc>8\)/);
  });

  test('npm run analyze keeps writing the four CSV files', () => {
    const out = join(tree.dir, 'csv');
    const res = spawnSync(
      'npm',
      ['run', '--silent', 'analyze', '--', join(tree.dir, 'pkg'), '--out', out, '--threads', '1'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PYSCAN_FROM_SOURCE: '1' },
      },
    );
    assert.equal(res.status, 0, res.stderr);
    assert.ok(existsSync(join(out, 'function.csv')));
    assert.match(readFileSync(join(out, 'summary.csv'), 'utf8'), /\r\npkg,,,2,0,0,2,/);
  });
});

describe('on a terminal', { skip: needTool('script', ['--version']) }, () => {
  // script(1) gives the process a pseudo-terminal for stdout and stderr.
  function onTty(env: Record<string, string>): string {
    const cmd = [process.execPath, BIN, join(tree.dir, 'pkg'), '--threads', '1']
      .map((a) => `'${a}'`)
      .join(' ');
    const res = spawnSync('script', ['-qec', cmd, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, PYSCAN_FROM_SOURCE: '1', TERM: 'xterm', NO_COLOR: '', FORCE_COLOR: '', ...env },
    });
    assert.equal(res.status, 0, res.stdout + res.stderr);
    return res.stdout;
  }

  test('shows progress and colour; NO_COLOR turns the colour off', () => {
    const coloured = onTty({});
    assert.ok(coloured.includes('analysed 2/2 files'), coloured);
    assert.ok(coloured.includes('\u001b[1mpyscan'), coloured);
    const plain = onTty({ NO_COLOR: '1' });
    assert.ok(plain.includes('analysed 2/2 files'));
    assert.ok(!plain.includes('\u001b[1m'), plain);
  });
});

describe('pre-commit', () => {
  const skip = needTool('pre-commit', ['--version']);
  test('runs the hook of .pre-commit-hooks.yaml on the staged files', { skip }, () => {
    // The hook repository: a git repository holding this checkout's .pre-commit-hooks.yaml.
    const hooks = mkdtempSync(join(tmpdir(), 'pyscan-hooks-'));
    const work = tempTree({
      'app/busy.py': pyFunction('busy', 12),
      'app/calm.py': pyFunction('calm', 2),
      'README.md': 'not python\n',
      'pyproject.toml': '[tool.pyscan]\nfail_on = "cc>10"\n',
    });
    const cache = mkdtempSync(join(tmpdir(), 'pyscan-pre-commit-home-'));
    try {
      copyFileSync(join(ROOT, '.pre-commit-hooks.yaml'), join(hooks, '.pre-commit-hooks.yaml'));
      git(hooks, 'init', '-q');
      git(hooks, 'add', '-A');
      git(hooks, 'commit', '-qm', 'hooks');
      const rev = git(hooks, 'rev-parse', 'HEAD').trim();
      work.write(
        '.pre-commit-config.yaml',
        `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: pyscan\n        args: [--threads, '1']\n`,
      );
      git(work.dir, 'init', '-q');
      git(work.dir, 'add', '-A');
      const env = {
        ...process.env,
        PRE_COMMIT_HOME: cache,
        PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}`,
        PYSCAN_FROM_SOURCE: '1',
        NO_COLOR: '1',
        HOME: work.dir,
      };
      const failed = spawnSync('pre-commit', ['run', '--color', 'never'], {
        cwd: work.dir,
        encoding: 'utf8',
        env,
      });
      assert.equal(failed.status, 1, failed.stdout + failed.stderr);
      assert.match(failed.stdout, /pyscan \(complexity and maintainability gate\)\.+Failed/);
      assert.match(failed.stdout, /app\/busy\.py:1: busy: cc 12 \(limit cc>10\)/);
      assert.doesNotMatch(failed.stdout, /calm: cc/);

      work.write('app/busy.py', pyFunction('busy', 10));
      git(work.dir, 'add', '-A');
      const passed = spawnSync('pre-commit', ['run', '--color', 'never'], {
        cwd: work.dir,
        encoding: 'utf8',
        env,
      });
      assert.equal(passed.status, 0, passed.stdout + passed.stderr);
      assert.match(passed.stdout, /pyscan \(complexity and maintainability gate\)\.+Passed/);
    } finally {
      for (const d of [hooks, cache]) rmSync(d, { recursive: true, force: true });
      work.cleanup();
    }
  });

  test('without pre-commit: the hook entry run as pre-commit would, with the staged file names', {
    skip: skip ? false : 'pre-commit is installed (the test above ran it)',
  }, () => {
    const work = tempTree({ 'a.py': pyFunction('busy', 12), 'b.py': pyFunction('calm', 2) });
    try {
      git(work.dir, 'init', '-q');
      git(work.dir, 'add', '-A');
      const staged = git(work.dir, 'diff', '--cached', '--name-only', '--', '*.py').trim().split('\n');
      const res = spawnSync(join(BIN_DIR, 'pyscan'), ['--threads', '1', '--fail-on', 'cc>10', ...staged], {
        cwd: work.dir,
        encoding: 'utf8',
        env: { ...process.env, PYSCAN_FROM_SOURCE: '1', NO_COLOR: '1' },
      });
      assert.equal(res.status, 1);
      assert.match(res.stdout, /a\.py:1: busy: cc 12/);
    } finally {
      work.cleanup();
    }
  });
});

describe('the documented GitHub Actions job', () => {
  test('its pyscan step, run as written in docs/pyscan-cli.md, writes a SARIF log with the results', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'pyscan-cli.md'), 'utf8');
    const workflow = doc.split('# .github/workflows/pyscan.yml')[1]?.split('```')[0] ?? '';
    const step = /^\s*- run: (npx pyscan .*)$/m.exec(workflow)?.[1];
    assert.ok(step, 'the workflow has an `npx pyscan` step');
    assert.match(workflow, /uses: github\/codeql-action\/upload-sarif@v3[\s\S]*sarif_file: pyscan\.sarif/);
    const repo = tempTree({ 'src/app.py': pyFunction('busy', 16), 'src/calm.py': pyFunction('calm', 2) });
    try {
      git(repo.dir, 'init', '-q');
      // `npx pyscan` as the job runs it after `npm ci`; here the bin is put on PATH instead.
      const res = spawnSync('bash', ['-c', `${step.replace(/^npx pyscan/, 'pyscan')} --threads 1`], {
        cwd: repo.dir,
        encoding: 'utf8',
        env: {
          ...process.env,
          PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}`,
          PYSCAN_FROM_SOURCE: '1',
        },
      });
      assert.equal(res.status, 1, res.stderr);
      const log = JSON.parse(readFileSync(join(repo.dir, 'pyscan.sarif'), 'utf8')) as {
        runs: {
          results: {
            ruleId: string;
            locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
          }[];
        }[];
      };
      assert.deepEqual(
        log.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri]),
        [['pyscan/cc', 'src/app.py']],
      );
    } finally {
      repo.cleanup();
    }
  });
});
