// pyscan installed the ways Python teams install tools (issue 36), from what `npm run dist` builds:
// the npm tarball installed into an empty folder, the wheel (carrying the single executable) into a
// fresh virtual environment, and a pre-commit hook that installs that wheel itself, run by Debian's
// pre-commit. Nothing reaches a registry: npm installs a tarball without dependencies, pip gets
// --no-index. The build runs once, and only when dist/ is older than the sources.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { git, pyFunction, tempTree } from '../cli/helpers.js';

const PKG = new URL('../../', import.meta.url).pathname;
const DIST = join(PKG, 'dist');
const VERSION = (await import('../../package.json', { with: { type: 'json' } })).default.version as string;
const TARBALL = join(DIST, `pyscan-metrics-${VERSION}.tgz`);
const WHEEL = join(DIST, `pyscan_metrics-${VERSION}-py3-none-manylinux_2_28_x86_64.whl`);

function newest(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n = Math.max(n, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return n;
}

function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', timeout: 300_000, ...opts });
  return { status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '', error: res.error };
}

const skip = needTool('python3', ['-m', 'venv', '--help']) || needTool('npm');

describe('pyscan installed from its distribution files', { skip }, () => {
  let work: string;
  let fixture: ReturnType<typeof tempTree>;
  before(() => {
    const sources = Math.max(
      newest(join(PKG, 'src')),
      newest(join(PKG, 'dist-src')),
      newest(join(PKG, 'scripts')),
    );
    const built = [TARBALL, WHEEL].every((f) => existsSync(f) && statSync(f).mtimeMs >= sources);
    if (!built) {
      const res = sh('npm', ['run', 'dist'], { cwd: PKG });
      assert.equal(res.status, 0, `npm run dist failed: ${res.stderr.slice(-2000)}`);
    }
    work = mkdtempSync(join(tmpdir(), 'pyscan-dist-'));
    // The fixture repository: one function over cc>10, one under.
    fixture = tempTree({ 'app/core.py': `${pyFunction('tangled', 12)}\n\n${pyFunction('simple', 2)}` });
    git(fixture.dir, 'init', '-q', '-b', 'main');
    git(fixture.dir, 'add', '-A');
    git(fixture.dir, 'commit', '-qm', 'one');
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    fixture?.cleanup();
  });

  test('the npm tarball installs into an empty folder with no dependencies and runs', () => {
    const dir = join(work, 'npm');
    sh('mkdir', ['-p', dir]);
    const inst = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', TARBALL], { cwd: dir });
    assert.equal(inst.status, 0, inst.stderr);
    assert.deepEqual(
      readdirSync(join(dir, 'node_modules')).filter((n) => !n.startsWith('.')),
      ['pyscan-metrics'],
    );
    const files = readdirSync(join(dir, 'node_modules/pyscan-metrics/lib'));
    for (const f of ['worker.bundle.js', 'tree-sitter-python.wasm', 'web-tree-sitter.wasm'])
      assert.ok(files.includes(f), f);
    const v = sh('npx', ['--offline', '--no-install', 'pyscan', '--version'], { cwd: dir });
    assert.equal(v.stdout, `pyscan ${VERSION}\n`, v.stderr);
    // Tree-sitter forced, so the bundled grammar and its wasm are used for real.
    const run = sh(
      join(dir, 'node_modules/.bin/pyscan'),
      [fixture.dir, '--format', 'json', '--fail-on', 'cc>10'],
      {
        env: { ...process.env, PYSCAN_PARSER: 'tree-sitter' },
      },
    );
    assert.equal(run.status, 1, run.stderr);
    const doc = JSON.parse(run.stdout);
    assert.deepEqual(
      doc.gate.violations.map((x: { name: string; value: number }) => [x.name, x.value]),
      [['tangled', 12]],
    );
    assert.equal(doc.files[0].parse_error, null);
  });

  test('the wheel installs into a fresh venv and gives a pyscan command that needs no Node.js', () => {
    const venv = join(work, 'venv');
    assert.equal(sh('python3', ['-m', 'venv', venv]).status, 0);
    const inst = sh(join(venv, 'bin/pip'), ['install', '--no-index', '--quiet', WHEEL]);
    assert.equal(inst.status, 0, inst.stderr);
    const exe = join(venv, 'bin/pyscan');
    // Only the venv on PATH: the executable carries its own runtime.
    const env = { PATH: join(venv, 'bin'), HOME: work, PYSCAN_CACHE_DIR: join(work, 'cache') };
    assert.equal(sh(exe, ['--version'], { env }).stdout, `pyscan ${VERSION}\n`);
    const run = sh(exe, ['.', '--format', 'json', '--fail-on', 'cc>10'], { cwd: fixture.dir, env });
    assert.equal(run.status, 1, run.stderr);
    const doc = JSON.parse(run.stdout);
    assert.equal(doc.summary.functions, 2);
    assert.deepEqual(
      doc.gate.violations.map((x: { path: string; name: string }) => `${x.path}:${x.name}`),
      ['app/core.py:tangled'],
    );
    const ok = sh(exe, ['.', '--fail-on', 'cc>20'], { cwd: fixture.dir, env });
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /gate passed/);
  });

  test('a pre-commit hook installs the wheel itself (language: python) and gates the commit', {
    skip: needTool('pre-commit'),
  }, () => {
    const repo = join(work, 'hooked');
    sh('cp', ['-r', fixture.dir, repo]);
    const config = `repos:
  - repo: local
    hooks:
      - id: pyscan
        name: pyscan
        entry: pyscan
        language: python
        additional_dependencies: ['pyscan-metrics @ file://${WHEEL}']
        types: [python]
        require_serial: true
        args: [--fail-on, "cc>10"]
`;
    sh('sh', ['-c', `cat > .pre-commit-config.yaml <<'EOF'\n${config}EOF`], { cwd: repo });
    git(repo, 'add', '-A');
    const env = {
      ...process.env,
      PIP_NO_INDEX: '1',
      PRE_COMMIT_HOME: join(work, 'pre-commit'),
      PYSCAN_CACHE_DIR: join(work, 'cache'),
    };
    const fail = sh('pre-commit', ['run', '--all-files'], { cwd: repo, env });
    assert.equal(fail.status, 1, fail.stdout + fail.stderr);
    assert.match(fail.stdout, /app\/core\.py:1: tangled: cc 12 \(limit cc>10\)/);
    sh('sh', ['-c', `sed -i 's/cc>10/cc>15/' .pre-commit-config.yaml`], { cwd: repo });
    const pass = sh('pre-commit', ['run', '--all-files'], { cwd: repo, env });
    assert.equal(pass.status, 0, pass.stdout + pass.stderr);
    assert.match(pass.stdout, /pyscan\.+Passed/);
  });
});
