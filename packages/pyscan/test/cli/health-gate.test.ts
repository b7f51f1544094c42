// The health score in the CLI: JSON and text output, `health<N` and the "must not decline" rule
// `health_decline>0` under --diff, on a git repository built in the test.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { git, pyFunction, pyscan, REPORT_SCHEMA, tempTree, validator } from './helpers.js';

interface Doc {
  health: {
    health: number;
    functions: { name: string; health: number; deductions: { kind: string; points: number }[] }[];
  };
  gate: { passed: boolean; violations: { name: string; metric: string; value: number }[] };
}

describe('health score in the CLI', { skip: needTool('git') }, () => {
  let tree: ReturnType<typeof tempTree>;
  before(() => {
    // grows: cc 12 → 16; steady: cc 12, a changed constant only; fresh: new, cc 20.
    tree = tempTree({ 'a.py': `${pyFunction('grows', 12)}\n\n${pyFunction('steady', 12)}` });
    git(tree.dir, 'init', '-q', '-b', 'main');
    git(tree.dir, 'add', '-A');
    git(tree.dir, 'commit', '-qm', 'base');
    const steady = pyFunction('steady', 12).replace('return -1', 'return -2');
    writeFileSync(
      join(tree.dir, 'a.py'),
      `${pyFunction('grows', 16)}\n\n${steady}\n\n${pyFunction('fresh', 20)}`,
    );
  });
  after(() => tree.cleanup());

  const json = (args: string[]) => {
    const res = pyscan(['--format', 'json', '.', ...args], { cwd: tree.dir });
    assert.notEqual(res.stdout, '', res.stderr);
    return { status: res.status, doc: JSON.parse(res.stdout) as Doc };
  };

  test('health<7 fails the function under 7, with its deductions in the JSON report', () => {
    const { status, doc } = json(['--fail-on', 'health<7']);
    assert.equal(status, 1);
    const validate = validator(REPORT_SCHEMA);
    assert.ok(validate(doc), JSON.stringify(validate.errors));
    // fresh: cc 20 → (20 − 10) × 0.25 = 2.5; cognitive 19 → 4 × 0.2 = 0.8; 10 − 3.3 = 6.7.
    assert.deepEqual(
      doc.gate.violations.map((v) => [v.name, v.metric, v.value]),
      [['fresh', 'health', 6.7]],
    );
    const fresh = doc.health.functions.find((f) => f.name === 'fresh');
    assert.deepEqual(
      fresh?.deductions.map((d) => [d.kind, d.points]),
      [
        ['complexity', 2.5],
        ['cognitive', 0.8],
      ],
    );
    // grows (cc 16, 34 lines): 1.5 → 8.5; steady (cc 12, 24 lines): 0.5 → 9.5.
    assert.deepEqual(
      doc.health.functions.map((f) => [f.name, f.health]),
      [
        ['grows', 8.5],
        ['steady', 9.5],
        ['fresh', 6.7],
      ],
    );
  });

  test('health_decline>0 under --diff fails only the changed function whose health dropped', () => {
    const { status, doc } = json(['--diff', 'HEAD', '--fail-on', 'health_decline>0']);
    assert.equal(status, 1);
    // grows: 9.5 at HEAD, 8.5 now; steady changed but kept 9.5; fresh is new (nothing to decline from).
    assert.deepEqual(
      doc.gate.violations.map((v) => [v.name, v.metric, v.value]),
      [['grows', 'health_decline', 1]],
    );
    const clean = json(['--diff', 'HEAD', '--fail-on', 'health_decline>1']);
    assert.equal(clean.status, 0);
    assert.equal(clean.doc.gate.passed, true);
  });

  test('text output names the score and the least healthy functions with their deductions', () => {
    const res = pyscan(['.'], { cwd: tree.dir });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /health {11}\d\.\d \/ 10 \(complexity -\d/);
    assert.match(res.stdout, /6\.7 {2}a\.py:\d+ fresh: complexity -2\.5, cognitive -0\.8/);
    assert.ok(readFileSync(join(tree.dir, 'a.py'), 'utf8').includes('def fresh'));
  });
});
