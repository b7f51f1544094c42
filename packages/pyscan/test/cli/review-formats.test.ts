// Output for review tools (issue 36): --format github (workflow commands and the job summary),
// --format gitlab (Code Quality JSON, checked against the documented fields), --format markdown (a PR
// comment), and --baseline surviving a line inserted above a recorded violation.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { escapeData, escapeProperty } from '../../src/cli/formats/github.js';
import { git, pyFunction, pyscan, REPORT_SCHEMA, tempTree, validator } from './helpers.js';

const GITLAB_SCHEMA = new URL('../fixtures/gitlab-code-quality.schema.json', import.meta.url);
// `::error file=…,line=…[,endLine=…],title=…::message` (GitHub's workflow-command syntax).
const ANNOTATION = /^::error file=[^,:]+,line=\d+(,endLine=\d+)?,title=[^:]+::[^\n]+$/;

describe('review formats and --baseline', { skip: needTool('git') }, () => {
  let tree: ReturnType<typeof tempTree>;
  const mod = () => join(tree.dir, 'pkg/mod.py');
  before(() => {
    tree = tempTree({ 'pkg/mod.py': `${pyFunction('legacy', 20)}\n\n${pyFunction('fine', 2)}` });
    git(tree.dir, 'init', '-q', '-b', 'main');
    git(tree.dir, 'add', '-A');
    git(tree.dir, 'commit', '-qm', 'legacy');
  });
  after(() => tree?.cleanup());

  test('workflow-command escaping follows the runner (%, CR, LF; and : , in properties)', () => {
    assert.equal(escapeData('a%b\r\nc'), 'a%25b%0D%0Ac');
    assert.equal(escapeProperty('dir:a,b%.py'), 'dir%3Aa%2Cb%25.py');
  });

  test('--baseline records today, then survives an inserted line and fails only on new code', () => {
    const file = join(tree.dir, 'pyscan-baseline.json');
    const first = pyscan(['.', '--fail-on', 'cc>10', '--baseline', 'pyscan-baseline.json'], {
      cwd: tree.dir,
    });
    assert.equal(first.status, 0, first.stderr + first.stdout);
    assert.match(first.stdout, /baseline recorded: 1 violation written to pyscan-baseline\.json/);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(
      doc.violations.map((v: { path: string; name: string; metric: string }) => [v.path, v.name, v.metric]),
      [['pkg/mod.py', 'legacy', 'cc']],
    );
    // Lines inserted above the recorded function move it down: still the same violation.
    writeFileSync(mod(), `import os\n\nX = os.sep\n\n\n${readFileSync(mod(), 'utf8')}`);
    const moved = pyscan(
      ['.', '--fail-on', 'cc>10', '--baseline', 'pyscan-baseline.json', '--format', 'json'],
      {
        cwd: tree.dir,
      },
    );
    assert.equal(moved.status, 0, moved.stderr);
    const movedDoc = JSON.parse(moved.stdout);
    assert.deepEqual(movedDoc.gate.baseline, { file: 'pyscan-baseline.json', known: 1, recorded: false });
    assert.ok(validator(REPORT_SCHEMA)(movedDoc), 'the JSON report with a baseline fits its schema');
    // A new function over the limit fails, and only it is listed.
    writeFileSync(mod(), `${readFileSync(mod(), 'utf8')}\n\n${pyFunction('fresh', 12)}`);
    const fresh = pyscan(
      ['.', '--fail-on', 'cc>10', '--baseline', 'pyscan-baseline.json', '--format', 'json'],
      {
        cwd: tree.dir,
      },
    );
    assert.equal(fresh.status, 1);
    assert.deepEqual(
      JSON.parse(fresh.stdout).gate.violations.map((v: { name: string }) => v.name),
      ['fresh'],
    );
    assert.equal(
      pyscan(['.', '--update-baseline'], { cwd: tree.dir }).status,
      2,
      '--update-baseline alone is a usage error',
    );
    writeFileSync(file, '{"something": "else"}');
    const bad = pyscan(['.', '--fail-on', 'cc>10', '--baseline', 'pyscan-baseline.json'], {
      cwd: tree.dir,
    });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^pyscan: --baseline pyscan-baseline\.json: not a pyscan baseline/);
    assert.ok(existsSync(file));
  });

  test('--format github: one annotation per violation on changed code, and the job summary', () => {
    const summary = join(tree.dir, 'step-summary.md');
    writeFileSync(summary, '');
    const res = pyscan(['.', '--fail-on', 'cc>10', '--diff', 'HEAD', '--format', 'github'], {
      cwd: tree.dir,
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    assert.equal(res.status, 1, res.stderr);
    const lines = res.stdout.trim().split('\n');
    const errors = lines.filter((l) => l.startsWith('::error'));
    for (const l of errors) assert.match(l, ANNOTATION);
    // legacy's lines moved (the inserted lines changed nothing inside it): only fresh is in changed code.
    assert.equal(errors.length, 1, res.stdout);
    const fresh = errors[0] ?? '';
    assert.match(
      fresh,
      /^::error file=pkg\/mod\.py,line=\d+,endLine=\d+,title=pyscan cc>10::fresh has cyclomatic complexity 12 \(limit cc>10\)$/,
    );
    assert.match(lines.at(-1) ?? '', /^::notice title=pyscan::gate failed/);
    assert.equal(res.stderr, '', 'no second copy of the violations on stderr');
    const md = readFileSync(summary, 'utf8');
    assert.match(md, /### ❌ pyscan: gate failed/);
    assert.match(md, /\| `pkg\/mod\.py` \| changed \| 2 → 3 \| 20 \|/);
  });

  test('--format gitlab fits the Code Quality fields; a fingerprint survives a line move', () => {
    const run = () => {
      const res = pyscan(['.', '--fail-on', 'cc>10', '--format', 'gitlab'], { cwd: tree.dir });
      assert.equal(res.status, 1, res.stderr);
      return JSON.parse(res.stdout) as {
        fingerprint: string;
        description: string;
        location: { path: string; lines: { begin: number } };
      }[];
    };
    const check = validator(GITLAB_SCHEMA);
    const before = run();
    assert.ok(check(before), JSON.stringify(check.errors));
    assert.deepEqual(
      before.map((i) => i.location.path),
      ['pkg/mod.py', 'pkg/mod.py'],
    );
    writeFileSync(mod(), `\n\n${readFileSync(mod(), 'utf8')}`);
    const afterMove = run();
    assert.deepEqual(
      afterMove.map((i) => i.fingerprint),
      before.map((i) => i.fingerprint),
    );
    assert.deepEqual(
      afterMove.map((i) => i.location.lines.begin),
      before.map((i) => i.location.lines.begin + 2),
    );
  });

  test('--format markdown: verdict, worst offenders and new-code deltas', () => {
    const res = pyscan(['.', '--fail-on', 'cc>10', '--diff', 'HEAD', '--format', 'markdown'], {
      cwd: tree.dir,
    });
    assert.equal(res.status, 1, res.stderr);
    const md = res.stdout;
    assert.ok(
      md.startsWith(
        '<!-- pyscan-report -->\n### ❌ pyscan: gate failed\n1 item breaks `cc>10` on code changed since `HEAD`.',
      ),
      md,
    );
    assert.match(md, /\| `pkg\/mod\.py:\d+` \| fresh \| cyclomatic complexity \| 12 \| `cc>10` \|/);
    assert.match(md, /#### New code since `HEAD`: 1 file/);
    const passing = pyscan(['.', '--fail-on', 'cc>50', '--format', 'markdown'], { cwd: tree.dir });
    assert.equal(passing.status, 0);
    assert.match(passing.stdout, /### ✅ pyscan: gate passed/);
    assert.match(passing.stdout, /#### Most complex functions/);
  });
});
