// Issue 35 item 1 through the service: a flask-like repository whose pylint errors are environment
// findings, and whose .pylintrc disables a message and tries to run code.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, waitFinished } from '../helpers/service.js';

// Statements of flasklike/helpers.py: the import (2), both defs (5, 9) and returns (6, 10); shell's
// return (10) did not run. A path the run does not have is reported unmatched.
const COVERAGE_XML =
  '<?xml version="1.0" ?>\n<coverage version="6.5.0"><packages><package name="flasklike"><classes>' +
  '<class name="helpers.py" filename="flasklike/helpers.py"><lines><line number="2" hits="1"/><line number="5" hits="1"/>' +
  '<line number="6" hits="1"/><line number="9" hits="1"/><line number="10" hits="0"/></lines></class>' +
  '<class name="gone.py" filename="other/gone.py"><lines><line number="1" hits="1"/></lines></class>' +
  '</classes></package></packages></coverage>\n';

describe('honest pylint in a run', {
  skip: needTool('git') || needTool('pylint') || needTool('python3'),
}, () => {
  let base: FixtureBase;
  let work: string;
  before(() => {
    base = createFixtureBase('metrics-honest-pylint-');
    const b = new RepoBuilder(join(base.dir, 'acme', 'flasklike'), 'main');
    b.write(
      'flasklike/__init__.py',
      '"""A flask-like package."""\nfrom werkzeug_not_installed import Response\n\nfrom .helpers import helper\n\n__all__ = ["Response", "helper"]\n',
    )
      .write(
        'flasklike/helpers.py',
        '"""Helpers."""\nimport subprocess\n\n\ndef helper(value):\n    return value + 1\n\n\ndef shell(cmd):\n    return subprocess.call(cmd, shell=True)\n',
      )
      .write(
        'flasklike/sansio/app.py',
        '"""Sans-io."""\nfrom ..helpers import helper\n\n\ndef run(x):\n    return helper(x)\n',
      )
      .write(
        'pyproject.toml',
        '[tool.importlinter]\nroot_package = "flasklike"\n\n[[tool.importlinter.contracts]]\nname = "sansio stands alone"\ntype = "forbidden"\nsource_modules = ["flasklike.sansio"]\nforbidden_modules = ["flasklike.helpers"]\n',
      )
      .write(
        '.pylintrc',
        '[MAIN]\ninit-hook=open("HOOK_RAN", "w").close()\n\n[MESSAGES CONTROL]\ndisable=missing-function-docstring\n',
      );
    b.commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    work = mkdtempSync(join(tmpdir(), 'metrics-honest-pylint-data-'));
  });
  after(() => {
    base?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  async function runWith(env: Record<string, string>) {
    const svc = await startService({
      DATA_DIR: mkdtempSync(join(work, 'd-')),
      GITHUB_BASE_URL: base.baseUrl,
      BANDIT_ENABLED: 'true',
      ...env,
    });
    try {
      const created = await json(
        await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/flasklike' }),
      );
      assert.equal(created.status, 202);
      const record = await waitFinished(svc.url, created.body.id as number);
      const findings = await json(await fetch(`${svc.url}/api/analyses/${record.id}/findings?limit=500`));
      const health = await json(await fetch(`${svc.url}/api/analyses/${record.id}/code-health`));
      const edges = await fetch(`${svc.url}/api/analyses/${record.id}/imports.csv`);
      const cov = async (body: string, type: string) => {
        const r = await fetch(`${svc.url}/api/analyses/${record.id}/coverage`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      };
      const refused = await cov('lines: 3', 'text/plain');
      const afterRefused = await json(await fetch(`${svc.url}/api/analyses/${record.id}/coverage`));
      const uploaded = await cov(COVERAGE_XML, 'application/xml');
      const risk = await json(await fetch(`${svc.url}/api/analyses/${record.id}/coverage/risk`));
      return {
        coverage: { refused, afterRefused, uploaded, risk },
        record,
        findings: findings.body as { items: Record<string, unknown>[]; total: number },
        health,
        edgesCsv: { status: edges.status, type: edges.headers.get('content-type'), text: await edges.text() },
      };
    } finally {
      await svc.close();
    }
  }

  test('environment findings are findings but not errors; the configuration used is on the run', async () => {
    const { record, findings, health, edgesCsv, coverage } = await runWith({});
    // Coverage upload: a report that is none is a 422 and stores nothing; a real one is joined.
    assert.equal(coverage.refused.status, 422);
    assert.match(String(coverage.refused.body.detail), /not a coverage report/);
    assert.equal(coverage.afterRefused.status, 404);
    assert.equal(coverage.uploaded.status, 200);
    const up = coverage.uploaded.body as Record<string, unknown>;
    assert.deepEqual([up.format, up.lines, up.covered, up.missed], ['cobertura', 5, 4, 1]);
    assert.deepEqual(up.unmatched_report, ['other/gone.py']);
    assert.deepEqual(up.unmatched_analysed, ['flasklike/__init__.py', 'flasklike/sansio/app.py']);
    // The risk view: shell (complexity 1, half uncovered) only; helper is fully covered.
    const items = (coverage.risk.body as { items: Record<string, unknown>[] }).items;
    assert.deepEqual(
      items.map((f) => [f.name, f.lineno, f.covered, f.missed]),
      [['shell', 9, 1, 1]],
    );
    assert.equal(items[0]!.risk, 1 * ((items[0]!.commits as number | null) ?? 1) * 0.5);
    // Code health of the run, worked out by hand: no annotations in 6 slots (helper, shell, run: one
    // parameter and a return each); 3 of 6 items documented (the modules, not the three functions).
    assert.equal(health.status, 200);
    const h = health.body as Record<string, unknown>;
    assert.deepEqual(
      [h.typed_slots, h.typed_annotated, h.typed_pct, h.doc_items, h.doc_documented, h.doc_pct],
      [6, 0, 0, 6, 3, 50],
    );
    assert.deepEqual(h.cycles, []);
    assert.deepEqual((h.imports as { external: unknown }).external, {
      werkzeug_not_installed: 1,
      subprocess: 1,
    });
    assert.deepEqual(h.contracts, {
      source: 'pyproject.toml [tool.importlinter]',
      broken: 1,
      results: [
        {
          name: 'sansio stands alone',
          type: 'forbidden',
          kept: false,
          broken: [
            {
              importer: 'flasklike.sansio.app',
              imported: 'flasklike.helpers',
              chain: ['flasklike.sansio.app', 'flasklike.helpers'],
              lines: [2],
            },
          ],
        },
      ],
    });
    assert.equal(edgesCsv.status, 200);
    assert.match(edgesCsv.type ?? '', /^text\/csv/);
    assert.equal(
      edgesCsv.text,
      'from,to,line,count,via\r\nflasklike,flasklike.helpers,4,1,\r\nflasklike.sansio.app,flasklike.helpers,2,1,\r\n',
    );
    assert.equal(record.status, 'done');
    assert.equal(record.pylint_status, 'ok');
    const settings = record.settings as { pylint_config: Record<string, unknown> };
    assert.deepEqual(settings.pylint_config, {
      file: '.pylintrc',
      applied: ['disable'],
      refused: ['init-hook'],
      overridden: [],
      error: null,
      environment_in_score: false,
      environment_findings: 2,
    });
    assert.deepEqual(record.warnings, [
      'pylint: .pylintrc sets options the service does not apply because they could run code: init-hook (runs Python code)',
    ]);
    const env = findings.items.filter((f) => f.environment === true).map((f) => `${f.path}:${f.symbol}`);
    assert.deepEqual(env.sort(), [
      'flasklike/__init__.py:import-error',
      'flasklike/sansio/app.py:relative-beyond-top-level',
    ]);
    assert.ok(!findings.items.some((f) => f.symbol === 'missing-function-docstring'));
    // bandit ran beside pylint: its findings are `security` findings with severity and confidence.
    const security = findings.items
      .filter((f) => f.category === 'security')
      .map((f) => [f.path, f.line, f.message_id, f.severity, f.confidence]);
    assert.deepEqual(security, [
      ['flasklike/helpers.py', 2, 'B404', 'low', 'high'],
      ['flasklike/helpers.py', 10, 'B602', 'high', 'high'],
    ]);
    const summary = record.summary as { pylint_avg: number };
    assert.equal(summary.pylint_avg < 10, true, 'invalid-name in app.py still counts');
    // Also: a missing bandit is a warning and no security findings, never a clean security report.
    const withEnv = await runWith({
      PYLINT_ENVIRONMENT_IN_SCORE: 'true',
      BANDIT_COMMAND: join(work, 'no-bandit'),
    });
    assert.ok(
      (withEnv.record.warnings as string[]).includes(
        `bandit is enabled but "${join(work, 'no-bandit')}" was not found: security findings are empty`,
      ),
    );
    assert.equal(withEnv.findings.items.filter((f) => f.category === 'security').length, 0);
    const s2 = withEnv.record.summary as { pylint_avg: number };
    assert.ok(s2.pylint_avg < summary.pylint_avg, 'counted, the environment findings lower the score');
    assert.equal(
      (withEnv.record.settings as { pylint_config: { environment_in_score: boolean } }).pylint_config
        .environment_in_score,
      true,
    );
  });
});
