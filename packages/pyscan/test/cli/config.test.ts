// [tool.pyscan] in pyproject.toml, flags over it, and --exclude globs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { git, pyFunction, pyscan, tempTree } from './helpers.js';

interface Doc {
  settings: { fail_on: string[]; exclude: string[]; include_tests: boolean; config_file: string | null };
  files: { path: string }[];
  gate: { violations: { path: string; name: string }[] };
}

describe('[tool.pyscan]', { skip: needTool('git') }, () => {
  let tree: ReturnType<typeof tempTree>;
  let repo: string;
  before(() => {
    tree = tempTree({
      // Above the repository: never read.
      'pyproject.toml': '[tool.pyscan]\nfail_on = "cc>1"\n',
      'repo/pyproject.toml': [
        '[project]',
        'name = "demo"',
        '',
        '[tool.pyscan]',
        'fail_on = ["cc>5", "params>3"]',
        'exclude = ["legacy", "src/gen/**", "*_pb2.py"]',
        'include_tests = true',
        'format = "json"',
        '',
      ].join('\n'),
      // A nearer pyproject without the table is passed over.
      'repo/src/pyproject.toml': '[project]\nname = "inner"\n',
      'repo/src/app.py': pyFunction('app_mess', 7),
      'repo/src/legacy/old.py': pyFunction('legacy_mess', 9),
      'repo/src/gen/models.py': pyFunction('gen_mess', 9),
      'repo/src/api_pb2.py': pyFunction('pb_mess', 9),
      'repo/src/tests/test_app.py': pyFunction('test_mess', 6, 4),
      'repo/src/small.py': pyFunction('fine', 2),
    });
    repo = join(tree.dir, 'repo');
    git(repo, 'init', '-q');
  });
  after(() => tree.cleanup());

  const doc = (stdout: string) => JSON.parse(stdout) as Doc;

  test('is found from the analysed folder up to the git root and applied', () => {
    const res = pyscan(['src'], { cwd: repo });
    assert.equal(res.status, 1, res.stderr);
    const d = doc(res.stdout);
    assert.equal(d.settings.config_file, join(repo, 'pyproject.toml'));
    assert.deepEqual(d.settings.fail_on, ['cc>5', 'params>3']);
    assert.deepEqual(
      d.files.map((f) => f.path),
      ['app.py', 'small.py', 'tests/test_app.py'],
    );
    assert.deepEqual(
      d.gate.violations.map((v) => `${v.path}:${v.name}`),
      ['app.py:app_mess', 'tests/test_app.py:test_mess', 'tests/test_app.py:test_mess'],
    );
  });

  test('flags override it; --exclude adds to its globs', () => {
    const res = pyscan(
      ['src', '--format', 'text', '--fail-on', 'cc>100', '--no-include-tests', '-e', 'small.py'],
      {
        cwd: repo,
      },
    );
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /^pyscan .* — 1 file,/);
    const json = pyscan(['src', '-e', 'small.py,app.py', '--exclude', 'tests/'], { cwd: repo });
    const d = doc(json.stdout);
    assert.deepEqual(d.files, []);
    assert.deepEqual(d.settings.exclude, [
      'legacy',
      'src/gen/**',
      '*_pb2.py',
      'small.py',
      'app.py',
      'tests/',
    ]);
    assert.equal(json.status, 0);
  });

  test('--no-config ignores it and --config names another file', () => {
    const none = pyscan(['src', '--no-config', '--format', 'json', '--include-tests'], { cwd: repo });
    assert.equal(none.status, 0);
    assert.equal(doc(none.stdout).files.length, 6);
    const other = pyscan(['src', '--config', '../pyproject.toml', '--format', 'json'], { cwd: repo });
    assert.equal(other.status, 1);
    assert.deepEqual(doc(other.stdout).settings.fail_on, ['cc>1']);
  });

  test('file arguments (as pre-commit passes them) honour its exclusions and test rule', () => {
    const res = pyscan(
      ['src/app.py', 'src/legacy/old.py', 'src/api_pb2.py', 'src/small.py', '--no-include-tests'],
      {
        cwd: repo,
      },
    );
    const d = doc(res.stdout);
    assert.deepEqual(
      d.files.map((f) => f.path),
      ['src/app.py', 'src/small.py'],
    );
    assert.equal(res.status, 1);
  });
});

describe('a bad pyproject.toml is one line and exit 2', () => {
  const cases: [string, string, RegExp][] = [
    [
      'unknown key',
      '[tool.pyscan]\nfail-on = "cc>5"\n',
      /unknown key 'fail-on' in \[tool\.pyscan\]; valid keys: fail_on, exclude, include_tests, format, threads, max_file_seconds, top$/,
    ],
    [
      'wrong type',
      '[tool.pyscan]\nexclude = "build"\n',
      /\[tool\.pyscan\] exclude must be an array of glob strings$/,
    ],
    [
      'bad format',
      '[tool.pyscan]\nformat = "xml"\n',
      /\[tool\.pyscan\] format must be one of text, json, csv, sarif, github, gitlab, markdown$/,
    ],
    ['invalid TOML', '[tool.pyscan\nfail_on = 1\n', /pyproject\.toml: invalid TOML \(line 1: /],
    ['bad rule', '[tool.pyscan]\nfail_on = "cyclomatic>5"\n', /unknown metric 'cyclomatic' in --fail-on/],
  ];
  for (const [name, text, pattern] of cases) {
    test(name, () => {
      const tree = tempTree({ 'pyproject.toml': text, 'a.py': 'x = 1\n' });
      try {
        const res = pyscan([tree.dir]);
        assert.equal(res.status, 2);
        assert.equal(res.stderr.split('\n').filter(Boolean).length, 1, res.stderr);
        assert.match(res.stderr.trim(), pattern);
        assert.ok(res.stderr.startsWith('pyscan: '), res.stderr);
      } finally {
        tree.cleanup();
      }
    });
  }
});
