// GET /metrics of the code-metrics service (issue 36): queue depth while a run waits, runs by state,
// stage durations, cache hit ratio and pylint and bandit outcomes once it is done, in Prometheus text
// format; a bandit that cannot run counts as its failure.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { postAnalysis, waitFinished } from '../helpers/service.js';
import { buildOtherRepo } from '../trends/evolve-fixture.js';

const value = (families: Family[], name: string, labels: Record<string, string> = {}) => {
  const f = families.find((x) => x.name === name);
  const s = f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return s?.value === undefined ? undefined : Number(s.value);
};

for (const target of await testDatabases()) {
  describe(`GET /metrics on ${target.name}`, { skip: target.skip || needTool('git') }, () => {
    let fx: FixtureService;
    const scrape = async () => {
      const res = await fetch(`${fx.svc.url}/metrics`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return parsePrometheusTextFormat(await res.text());
    };
    before(async () => {
      fx = await startFixtureService(
        target,
        buildOtherRepo,
        { PYLINT_ENABLED: 'false', RUNS_PER_MINUTE_PER_CLIENT: '0' },
        { worker: false },
      );
    });
    after(async () => {
      await fx?.close();
    });

    test('queue depth counts the waiting run; a finished one shows in states, stages, cache and pylint', async () => {
      const posted = await postAnalysis(fx.svc.url, { repo_url: 'https://github.com/acme/other' });
      assert.equal(posted.status, 202);
      const { id } = (await posted.json()) as { id: number };
      let m = await scrape();
      assert.equal(value(m, 'metrics_queue_depth'), 1);
      assert.equal(value(m, 'metrics_runs', { status: 'pending' }), 1);
      assert.equal(value(m, 'metrics_runs', { status: 'done' }), 0);
      fx.svc.server.startWorker();
      assert.equal((await waitFinished(fx.svc.url, id)).status, 'done');
      m = await scrape();
      assert.equal(value(m, 'metrics_queue_depth'), 0);
      assert.equal(value(m, 'metrics_runs', { status: 'done' }), 1);
      const analyzing = value(m, 'metrics_stage_duration_seconds', { stage: 'analyzing', stat: 'max' });
      assert.ok(analyzing !== undefined && analyzing >= 0, 'the analyzing stage has a duration');
      const ratio = value(m, 'metrics_cache_hit_ratio');
      assert.ok(ratio !== undefined && ratio >= 0 && ratio <= 1);
      assert.equal(value(m, 'metrics_tool_runs', { tool: 'pylint', outcome: 'off' }), 1);
      assert.equal(value(m, 'metrics_tool_runs', { tool: 'bandit', outcome: 'off' }), 1);
      assert.equal(m.find((f) => f.name === 'metrics_queue_depth')?.type, 'GAUGE');
    });
  });
  describe(`GET /metrics counts bandit failures on ${target.name}`, {
    skip: target.skip || needTool('git'),
  }, () => {
    let fx: FixtureService;
    before(async () => {
      fx = await startFixtureService(target, buildOtherRepo, {
        PYLINT_ENABLED: 'false',
        BANDIT_ENABLED: 'true',
        BANDIT_COMMAND: '/nonexistent/bandit',
        RUNS_PER_MINUTE_PER_CLIENT: '0',
      });
    });
    after(async () => {
      await fx?.close();
    });

    test('a run whose bandit was not found is a bandit failure (missing), pylint off beside it', async () => {
      const posted = await postAnalysis(fx.svc.url, { repo_url: 'https://github.com/acme/other' });
      assert.equal(posted.status, 202);
      const { id } = (await posted.json()) as { id: number };
      const done = await waitFinished(fx.svc.url, id);
      assert.equal(done.status, 'done');
      assert.ok(
        (done.warnings as string[]).includes(
          'bandit is enabled but "/nonexistent/bandit" was not found: security findings are empty',
        ),
      );
      const res = await fetch(`${fx.svc.url}/metrics`);
      const m = parsePrometheusTextFormat(await res.text());
      assert.equal(value(m, 'metrics_tool_runs', { tool: 'bandit', outcome: 'missing' }), 1);
      assert.equal(value(m, 'metrics_tool_runs', { tool: 'bandit', outcome: 'ok' }), undefined);
      assert.equal(value(m, 'metrics_tool_runs', { tool: 'pylint', outcome: 'off' }), 1);
    });
  });
}
