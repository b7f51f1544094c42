import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { banditSkippedWarning } from './bandit-status.js';
import { BanditError, runBandit } from './run-bandit.js';

const FILES: Record<string, string> = {
  'app/shell.py':
    'import subprocess\nimport pickle\n\nPASSWORD = "hunter2"\n\n\ndef run(cmd, data):\n    subprocess.call(cmd, shell=True)\n    assert cmd\n    return pickle.loads(data)\n',
  'app/sql.py':
    'def query(cur, name):\n    cur.execute("SELECT * FROM t WHERE name = \'%s\'" % name)\n    return eval(name)  # nosec\n',
  'app/clean.py': '"""Nothing to say."""\nVALUE = 1\n',
  'app/broken.py': 'def broken(:\n    pass\n',
  'with space.py': 'import yaml\n\n\ndef load(s):\n    return yaml.load(s)\n',
};

describe('runBandit', { skip: needTool('bandit') }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-bandit-test-'));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("every finding equals bandit's own JSON report on the same files", async () => {
    const files = Object.keys(FILES);
    const r = await runBandit(files, { cwd: dir });
    // The oracle: bandit itself, one file at a time.
    const oracle = spawnSync('bandit', ['-f', 'json', '-q', ...files], { cwd: dir, encoding: 'utf8' });
    const own = JSON.parse(oracle.stdout) as {
      results: {
        filename: string;
        line_number: number;
        test_id: string;
        test_name: string;
        issue_severity: string;
        issue_confidence: string;
        issue_text: string;
      }[];
      errors: { filename: string; reason: string }[];
    };
    assert.ok(own.results.length >= 6, 'the fixture gives bandit something to say');
    const expected = own.results
      .map((x) =>
        [
          x.filename,
          x.line_number,
          x.test_id,
          x.test_name,
          x.issue_severity.toLowerCase(),
          x.issue_confidence.toLowerCase(),
          x.issue_text,
        ].join('|'),
      )
      .sort();
    const ours = [...r.findings.values()]
      .flat()
      .map((f) => [f.path, f.line, f.message_id, f.symbol, f.severity, f.confidence, f.message].join('|'))
      .sort();
    assert.deepEqual(ours, expected);
    // Known by hand too: shell=True is high, the nosec'd eval is not reported, the clean file is empty.
    assert.ok(
      ours.includes(
        'app/shell.py|8|B602|subprocess_popen_with_shell_equals_true|high|high|subprocess call with shell=True identified, security issue.',
      ),
    );
    assert.ok(!ours.some((o) => o.startsWith('app/sql.py|3|')));
    assert.deepEqual(r.findings.get('app/clean.py'), []);
    // The file bandit could not parse is skipped, not clean.
    assert.deepEqual(
      r.skipped,
      own.errors.map((e) => ({ path: e.filename, reason: e.reason })),
    );
    assert.equal(r.findings.has('app/broken.py'), false);
    assert.equal(
      banditSkippedWarning(r.skipped),
      'bandit could not check 1 file (app/broken.py): syntax error while parsing AST from file; no security findings for it',
    );
    assert.equal(r.findings.get('app/shell.py')?.[0]?.category, 'security');
  });

  test('a missing bandit is a typed error, not an empty report', async () => {
    await assert.rejects(runBandit(['app/clean.py'], { cwd: dir, command: 'no-such-bandit' }), (e) => {
      assert.ok(e instanceof BanditError);
      assert.equal(e.code, 'bandit_missing');
      return true;
    });
  });

  test('a bandit that crashes is bandit_failed with its last words', async () => {
    const fake = join(dir, 'crashing-bandit');
    writeFileSync(
      fake,
      '#!/bin/sh\necho "Traceback (most recent call last):" >&2\necho "RuntimeError: boom" >&2\nexit 2\n',
    );
    chmodSync(fake, 0o755);
    await assert.rejects(runBandit(['app/clean.py'], { cwd: dir, command: fake }), (e) => {
      assert.ok(e instanceof BanditError);
      assert.equal(e.code, 'bandit_failed');
      assert.equal(e.message, 'bandit failed (exit 2): RuntimeError: boom');
      return true;
    });
  });
});
