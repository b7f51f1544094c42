// A run's `pylint_status` tells apart pylint turned off, timed out, missing and failed (issue 29,
// item 16): a time-out used to read "pylint off" on the dashboard, its reason in a collapsed warning.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { pylintStatusOf } from '../../src/pipeline/pylint/pylint-status.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { writeHangingPylint } from '../helpers/hanging-pylint.js';
import { json, postAnalysis, startService, waitFinished } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

describe('pylint_status of a finished run', { skip: needTool('git') }, () => {
  let base: FixtureBase;
  let work: string;

  before(() => {
    base = createFixtureBase('metrics-pylint-status-');
    buildSmallRepo(base);
    work = mkdtempSync(join(tmpdir(), 'metrics-pylint-status-'));
  });
  after(() => {
    base?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  /** One run of acme/small on a fresh service with `env`; its record. */
  async function runWith(env: Record<string, string>): Promise<Record<string, unknown>> {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const svc = await startService({ DATA_DIR: dataDir, GITHUB_BASE_URL: base.baseUrl, ...env });
    try {
      const created = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/small' }));
      assert.equal(created.status, 202);
      assert.equal(created.body.pylint_status, null, 'not finished: no status yet');
      return await waitFinished(svc.url, created.body.id as number);
    } finally {
      await svc.close();
    }
  }

  test('a time-out is timed_out, not off; the grade leaves pylint out', async () => {
    const record = await runWith({
      PYLINT_COMMAND: writeHangingPylint(work),
      PYLINT_TIMEOUT_SECONDS: '1',
    });
    assert.equal(record.status, 'done');
    assert.equal(record.pylint_status, 'timed_out');
    assert.deepEqual(record.warnings, ['pylint took longer than the time allowed: pylint columns are empty']);
    assert.equal((record.summary as { pylint_avg: unknown }).pylint_avg, null);
  });

  test('a missing command is missing; a pylint that exits with a usage error is failed', async () => {
    const missing = await runWith({ PYLINT_COMMAND: join(work, 'no-such-pylint') });
    assert.equal(missing.pylint_status, 'missing');
    const usage = join(work, 'usage-pylint');
    writeFileSync(usage, '#!/bin/sh\necho "bad option" >&2\nexit 32\n');
    chmodSync(usage, 0o755);
    const failed = await runWith({ PYLINT_COMMAND: usage });
    assert.equal(failed.status, 'done');
    assert.equal(failed.pylint_status, 'failed');
    assert.match(
      String((failed.warnings as string[])[0]),
      /^pylint failed \(exit 32\): .*pylint columns are empty$/,
    );
  });

  test('turned off is off', async () => {
    const record = await runWith({ PYLINT_ENABLED: 'false' });
    assert.equal(record.pylint_status, 'off');
    assert.deepEqual(record.warnings, []);
  });
});

describe('pylintStatusOf', () => {
  const done = { status: 'done', pylintEnabled: true };
  test('reads each outcome from the recorded warnings, including runs from before the field', () => {
    assert.equal(pylintStatusOf({ ...done, warnings: [] }), 'ok');
    assert.equal(pylintStatusOf({ ...done, pylintEnabled: false, warnings: [] }), 'off');
    assert.equal(
      pylintStatusOf({
        ...done,
        warnings: [
          'a file took too long',
          'pylint took longer than the time allowed: pylint columns are empty',
        ],
      }),
      'timed_out',
    );
    assert.equal(
      pylintStatusOf({
        ...done,
        warnings: ['pylint crashed on a.py: astroid.exceptions.AstroidError; its pylint columns are empty'],
      }),
      'partial',
    );
    assert.equal(pylintStatusOf({ ...done, status: 'failed', warnings: [] }), null);
  });
});
