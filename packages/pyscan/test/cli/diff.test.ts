// --diff and --changed-only on a git repository built commit by commit.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { git, pyFunction, pyscan, REPORT_SCHEMA, tempTree, validator } from './helpers.js';

interface Doc {
  summary: { files: number };
  diff: { ref: string; changed_only: boolean; changed_files: string[] } | null;
  gate: { passed: boolean; violations: { path: string; name: string; line: number; metric: string }[] };
}

function run(dir: string, args: string[]): { status: number | null; doc: Doc; stderr: string } {
  const res = pyscan(['--format', 'json', ...args], { cwd: dir });
  assert.notEqual(res.stdout, '', res.stderr);
  return { status: res.status, doc: JSON.parse(res.stdout) as Doc, stderr: res.stderr };
}

const names = (d: Doc) => d.gate.violations.map((v) => `${v.path}:${v.line}:${v.name}:${v.metric}`);

describe('--diff <ref>', { skip: needTool('git') }, () => {
  let tree: ReturnType<typeof tempTree>;
  before(() => {
    // Commit 1: legacy code, already over the limits.
    tree = tempTree({
      'src/legacy.py': `${pyFunction('old_mess', 20)}\n\n${pyFunction('old_ok', 2)}`,
      'src/other.py': pyFunction('untouched_mess', 18),
      'src/gone.py': pyFunction('deleted_mess', 18),
      '.gitignore': 'ignored/\n',
    });
    const d = tree.dir;
    git(d, 'init', '-q', '-b', 'main');
    git(d, 'add', '-A');
    git(d, 'commit', '-qm', 'legacy');
    // Commit 2: a new complex function appended to legacy.py, a new file, a deleted file.
    const legacy = readFileSync(join(d, 'src/legacy.py'), 'utf8');
    writeFileSync(join(d, 'src/legacy.py'), `${legacy}\n\n${pyFunction('new_mess', 16)}`);
    tree.write('src/added.py', pyFunction('added_mess', 17));
    git(d, 'rm', '-q', 'src/gone.py');
    git(d, 'add', '-A');
    git(d, 'commit', '-qm', 'new code');
    // Working tree: an untracked file, and one hidden by .gitignore.
    tree.write('src/untracked.py', pyFunction('untracked_mess', 16));
    tree.write('ignored/hidden.py', pyFunction('hidden_mess', 30));
  });
  after(() => tree.cleanup());

  test('without --diff every function over the limit fails', () => {
    const { status, doc } = run(tree.dir, ['.', '--fail-on', 'cc>15']);
    assert.equal(status, 1);
    assert.equal(doc.diff, null);
    assert.equal(doc.gate.violations.length, 6);
  });

  test('gates only functions added or changed since the ref, untracked files included', () => {
    const { status, doc, stderr } = run(tree.dir, ['.', '--diff', 'HEAD~1', '--fail-on', 'cc>15']);
    assert.equal(status, 1);
    const validate = validator(REPORT_SCHEMA);
    assert.ok(validate(doc), JSON.stringify(validate.errors));
    assert.deepEqual(names(doc), [
      'src/added.py:1:added_mess:cc',
      'src/legacy.py:49:new_mess:cc',
      'src/untracked.py:1:untracked_mess:cc',
    ]);
    assert.deepEqual(doc.diff, {
      ref: 'HEAD~1',
      changed_only: false,
      changed_files: ['src/added.py', 'src/legacy.py', 'src/untracked.py'],
    });
    // Every file is still analysed and reported; only the gate is narrowed.
    assert.equal(doc.summary.files, 5, 'ignored/hidden.py too: discovery does not read .gitignore');
    assert.match(stderr, /on code changed since HEAD~1 \(3 files\)/);
  });

  test('a changed or deleted line inside a function brings it into the gate', () => {
    const d = tree.dir;
    const path = join(d, 'src/other.py');
    const before = readFileSync(path, 'utf8');
    try {
      // Delete one `if` pair from the middle of untouched_mess: it is now changed code.
      const lines = before.split('\n');
      lines.splice(5, 2);
      writeFileSync(path, lines.join('\n'));
      const { doc } = run(d, ['src', '--diff', 'HEAD', '--fail-on', 'cc>15']);
      assert.deepEqual(names(doc), ['other.py:1:untouched_mess:cc', 'untracked.py:1:untracked_mess:cc']);
    } finally {
      writeFileSync(path, before);
    }
  });

  test('file rules apply to files with any change', () => {
    const { doc } = run(tree.dir, ['.', '--diff', 'HEAD~1', '--fail-on', 'sloc>10']);
    assert.deepEqual(
      doc.gate.violations.map((v) => v.path),
      ['src/added.py', 'src/legacy.py', 'src/untracked.py'],
    );
  });

  test('--changed-only analyses only the changed files', () => {
    const { status, doc } = run(tree.dir, ['.', '--diff', 'HEAD~1', '--changed-only', '--fail-on', 'cc>15']);
    assert.equal(status, 1);
    assert.equal(doc.summary.files, 3);
    assert.equal(doc.diff?.changed_only, true);
    const clean = run(tree.dir, ['.', '--diff', 'HEAD', '--changed-only', '--fail-on', 'cc>30']);
    assert.equal(clean.status, 0);
    assert.equal(clean.doc.summary.files, 1, 'only the untracked file changed since HEAD');
  });

  test('an unknown ref or a folder outside git is one line and exit 2', () => {
    const bad = pyscan(['.', '--diff', 'no-such-ref'], { cwd: tree.dir });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, "pyscan: --diff: unknown git revision 'no-such-ref'\n");
    const outside = tempTree({ 'x.py': 'x = 1\n' });
    try {
      const res = pyscan([outside.dir, '--diff', 'HEAD']);
      assert.equal(res.status, 2);
      assert.match(res.stderr, /^pyscan: --diff needs a git repository: .* is not in one\n$/);
    } finally {
      outside.cleanup();
    }
  });
});
