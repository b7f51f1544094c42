import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { needTool } from '@app/kit/testing';
import { PylintError, pylintScore, runPylint } from './run-pylint.js';

const FILES: Record<string, string> = {
  // 10 statements (the import, 9 assignments; astroid keeps docstrings out of the body); one warning.
  'pkg/scored.py': `"""Known messages."""\nimport os\n\n${['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']
    .map((n, i) => `${n}_VALUE = ${i}`)
    .join('\n')}\n`,
  // invalid-name (convention), too-few-public-methods (refactor), undefined-variable (error).
  'pkg/mixed.py':
    '"""Mixed messages."""\n\nlower = 1\n\n\nclass Empty:\n    """No methods."""\n\n\nprint(undefined_name)\n',
  'pkg/clean.py': '"""Nothing to say."""\n\nVALUE = 1\n',
  'pkg/__init__.py': '',
  'pkg/broken.py': 'def broken(:\n    pass\n',
  'pkg/latin1.py': '# -*- coding: latin-1 -*-\n"""Latin-1."""\nNAME = "caf\xe9"\n',
  'with space.py': '"""Space in the name."""\nVALUE = 1\n',
};

const RC = fileURLToPath(new URL('./plugin/metrics.pylintrc', import.meta.url));

/** Pylint's own rating of one file run alone, the oracle for the per-file score. */
function pylintAloneScore(cwd: string, file: string): number {
  const r = spawnSync('pylint', [`--rcfile=${RC}`, '--persistent=n', file], { cwd, encoding: 'utf8' });
  const m = /rated at (-?[\d.]+)\/10/.exec(r.stdout);
  assert.ok(m, r.stdout);
  return Number(m[1]);
}

describe('pylintScore', () => {
  const c = { pylint_convention: 1, pylint_refactor: 1, pylint_warning: 1, pylint_error: 1, pylint_fatal: 0 };
  test('is pylint evaluation formula per file', () => {
    assert.equal(pylintScore(c, 16), 5);
    assert.equal(pylintScore(c, 4), 0);
    assert.equal(pylintScore({ ...c, pylint_fatal: 1 }, 1000), 0);
  });
  test('with no statements: 10 with nothing to fault, else 0', () => {
    assert.equal(
      pylintScore({ ...c, pylint_convention: 0, pylint_refactor: 0, pylint_warning: 0, pylint_error: 0 }, 0),
      10,
    );
    assert.equal(pylintScore(c, 0), 0);
  });
});

describe('runPylint', { skip: needTool('pylint') }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-pylint-test-'));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), Buffer.from(text, 'latin1'));
    }
    // A repository configuration that would run code if pylint read it.
    writeFileSync(join(dir, 'pylintrc'), '[MAIN]\ninit-hook=open("HOOK_RAN", "w")\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const files = Object.keys(FILES);

  for (const mode of ['jobs', 'split'] as const) {
    test(`counts messages by category and scores each file (${mode})`, async () => {
      const r = await runPylint([...files, 'missing.py'], { cwd: dir, mode });
      const { findings: scoredFindings, ...scored } = r.get('pkg/scored.py')!;
      assert.deepEqual(scored, {
        pylint_convention: 0,
        pylint_refactor: 0,
        pylint_warning: 1,
        pylint_error: 0,
        pylint_fatal: 0,
        pylint_score: 9,
        statements: 10,
        environment: 0,
      });
      // Every message is kept too, with its position, under the path as given.
      assert.deepEqual(scoredFindings, [
        {
          path: 'pkg/scored.py',
          line: 2,
          column: 0,
          end_line: 2,
          end_column: 9,
          category: 'warning',
          symbol: 'unused-import',
          message_id: 'W0611',
          message: 'Unused import os',
        },
      ]);
      const mixed = r.get('pkg/mixed.py')!;
      assert.deepEqual(
        [
          mixed.pylint_convention,
          mixed.pylint_refactor,
          mixed.pylint_warning,
          mixed.pylint_error,
          mixed.pylint_fatal,
        ],
        [1, 1, 0, 1, 0],
      );
      assert.ok(mixed.statements !== null && mixed.statements > 0);
      assert.deepEqual(
        mixed.findings.map((f) => [f.line, f.category, f.symbol]),
        [
          [3, 'convention', 'invalid-name'],
          [6, 'refactor', 'too-few-public-methods'],
          [10, 'error', 'undefined-variable'],
        ],
      );
      assert.equal(mixed.pylint_score, Math.max(0, 10 - (10 * 7) / mixed.statements));
      assert.equal(r.get('pkg/clean.py')?.pylint_score, 10);
      assert.deepEqual(r.get('pkg/__init__.py'), {
        pylint_convention: 0,
        pylint_refactor: 0,
        pylint_warning: 0,
        pylint_error: 0,
        pylint_fatal: 0,
        pylint_score: 10,
        statements: 0,
        findings: [],
        environment: 0,
      });
      // A syntax error is pylint's E0001 and leaves no statements to count.
      assert.equal(r.get('pkg/broken.py')?.pylint_error, 1);
      assert.equal(r.get('pkg/broken.py')?.statements, null);
      assert.equal(r.get('pkg/broken.py')?.pylint_score, 0);
      // Decoded through its coding cookie; pylint's only complaint is the encoding (bad-file-encoding).
      assert.equal(r.get('pkg/latin1.py')?.pylint_convention, 1);
      assert.equal(r.get('pkg/latin1.py')?.statements, 1);
      // Paths with spaces map back: the statement count arrived for it.
      assert.equal(r.get('with space.py')?.statements, 1);
      assert.equal(r.get('missing.py')?.findings[0]?.path, 'missing.py');
      assert.equal(r.get('missing.py')?.pylint_fatal, 1);
      assert.equal(r.get('missing.py')?.pylint_score, 0);
      assert.equal(r.size, files.length + 1);
    });
  }

  test("the per-file score equals pylint's own rating of the file alone", async () => {
    const r = await runPylint(['pkg/mixed.py', 'pkg/scored.py'], { cwd: dir });
    for (const f of ['pkg/mixed.py', 'pkg/scored.py']) {
      assert.equal(Number(r.get(f)!.pylint_score.toFixed(2)), pylintAloneScore(dir, f), f);
    }
  });

  test("ignores the repository's own configuration", async () => {
    await runPylint(['pkg/clean.py'], { cwd: dir });
    assert.equal(spawnSync('ls', [join(dir, 'HOOK_RAN')]).status, 2, 'init-hook did not run');
  });

  test('a missing executable is a typed error', async () => {
    await assert.rejects(runPylint(['pkg/clean.py'], { cwd: dir, command: 'no-such-pylint-here' }), (e) => {
      assert.ok(e instanceof PylintError);
      assert.equal(e.code, 'pylint_missing');
      return true;
    });
  });

  test('a run past its time limit is killed with pylint_timeout', async () => {
    await assert.rejects(runPylint(files, { cwd: dir, timeoutMs: 1 }), (e) => {
      assert.ok(e instanceof PylintError);
      assert.equal(e.code, 'pylint_timeout');
      return true;
    });
  });

  test('no files, no run', async () => {
    assert.equal((await runPylint([], { cwd: dir, command: 'no-such-pylint-here' })).size, 0);
  });
});
