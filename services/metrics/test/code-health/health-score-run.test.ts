// Issue 35 item 6 through the service: the health score of a run, with its deductions worked out by
// hand (docs/code-health.md), before and after a coverage upload.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, waitFinished } from '../helpers/service.js';

type Ded = { kind: string; points: number };
type Scored = { path: string; name?: string; health: number; deductions: Ded[] };
type Health = { health: number; deductions: Ded[]; files: Scored[]; functions: Scored[] };
const points = (s: { deductions: Ded[] } | undefined) =>
  Object.fromEntries((s?.deductions ?? []).map((d) => [d.kind, d.points]));

// big: cc 14 (13 ifs), cognitive 13; bandit's B602 (shell=True, high) inside it, B404 (import
// subprocess, low) at module level. pkg.a and pkg.b import each other: a cycle.
const IFS = Array.from({ length: 13 }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('');
const A_PY = `import subprocess\nfrom pkg import b\n\n\ndef big(x):\n${IFS}    subprocess.call(x, shell=True)\n    return b.g(x)\n`;
const B_PY = 'from pkg import a\n\n\ndef g(x):\n    return x\n';
// g (lines 4-5): 2 statements, the return missed.
const COVERAGE_XML =
  '<?xml version="1.0" ?>\n<coverage version="6.5.0"><packages><package name="pkg"><classes>' +
  '<class name="b.py" filename="pkg/b.py"><lines><line number="1" hits="1"/><line number="4" hits="1"/>' +
  '<line number="5" hits="0"/></lines></class></classes></package></packages></coverage>\n';

describe('health score of a run', { skip: needTool('git') || needTool('bandit') }, () => {
  let base: FixtureBase;
  let work: string;
  before(() => {
    base = createFixtureBase('metrics-health-');
    new RepoBuilder(join(base.dir, 'acme', 'healthy'), 'main')
      .write('pkg/__init__.py', '')
      .write('pkg/a.py', A_PY)
      .write('pkg/b.py', B_PY)
      .commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    work = mkdtempSync(join(tmpdir(), 'metrics-health-data-'));
  });
  after(() => {
    base?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  test('per function, file and repository, with deductions; coverage counts once uploaded', async () => {
    const svc = await startService({
      DATA_DIR: mkdtempSync(join(work, 'd-')),
      GITHUB_BASE_URL: base.baseUrl,
      PYLINT_ENABLED: 'false',
      BANDIT_ENABLED: 'true',
    });
    try {
      const created = await json(
        await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/healthy' }),
      );
      assert.equal(created.status, 202);
      const id = (await waitFinished(svc.url, created.body.id as number)).id;
      const res = await json(await fetch(`${svc.url}/api/analyses/${id}/health`));
      assert.equal(res.status, 200);
      const h = res.body as unknown as Health;
      const big = h.functions.find((f) => f.name === 'big');
      // cc 14: 1; B602 high: 1; cycle: 1 → 7.
      assert.deepEqual(points(big), { complexity: 1, findings: 1, cycles: 1 });
      assert.equal(big?.health, 7);
      const fileA = h.files.find((f) => f.path === 'pkg/a.py');
      // The file adds its module-level B404 (low, 0.1) to big's findings: 10 − 3.1.
      assert.deepEqual(points(fileA), { complexity: 1, findings: 1.1, cycles: 1 });
      assert.equal(fileA?.health, 6.9);
      assert.deepEqual(
        h.files.map((f) => [f.path, f.health]),
        [
          ['pkg/__init__.py', 10],
          ['pkg/a.py', 6.9],
          ['pkg/b.py', 9],
        ],
      );
      // Repository, by sloc (1, 31, 3 of 35): complexity 31/35 = 0.89, findings 1.1 × 31/35 = 0.97,
      // cycles 34/35 = 0.97 → 10 − 2.83 = 7.2.
      assert.deepEqual(points(h), { complexity: 0.89, findings: 0.97, cycles: 0.97 });
      assert.equal(h.health, 7.2);

      const up = await fetch(`${svc.url}/api/analyses/${id}/coverage`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: COVERAGE_XML,
      });
      assert.equal(up.status, 200);
      const one = await json(await fetch(`${svc.url}/api/analyses/${id}/health?path=pkg/b.py`));
      const b = one.body as unknown as Health;
      assert.deepEqual(
        b.functions.map((f) => [f.name, f.health, points(f)]),
        [['g', 8, { coverage: 1, cycles: 1 }]],
      );
      assert.deepEqual(
        b.files.map((f) => f.path),
        ['pkg/b.py'],
      );
      const csv = await fetch(`${svc.url}/api/analyses/${id}/health.csv`);
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
      const lines = (await csv.text()).trim().split('\r\n');
      assert.equal(lines[0], 'scope,path,class,name,lineno,health,deductions');
      // After the upload the repository also loses b.py's coverage point × 3/35 sloc = 0.09: 7.08 → 7.1.
      assert.equal(
        lines[1],
        'repository,,,,,7.1,complexity -0.89; coverage -0.09; findings -0.97; cycles -0.97',
      );
      assert.ok(lines.includes('function,pkg/b.py,,g,4,8,coverage -1; cycles -1'), lines.join('\n'));
      const missing = await json(await fetch(`${svc.url}/api/analyses/999999/health`));
      assert.equal(missing.status, 404);
    } finally {
      await svc.close();
    }
  });
});
