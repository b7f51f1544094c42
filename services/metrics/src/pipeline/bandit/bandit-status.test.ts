// A finished run's bandit outcome, read back from the warnings this module makes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { banditFailureWarning, banditSkippedWarning, banditStatusOf } from './bandit-status.js';

const done = (banditEnabled: boolean | undefined, warnings: string[]) =>
  banditStatusOf({ status: 'done', banditEnabled, warnings });

test('each way bandit ends is told apart from its warnings', () => {
  assert.equal(banditStatusOf({ status: 'running', banditEnabled: true, warnings: [] }), null);
  assert.equal(done(false, []), 'off');
  assert.equal(done(true, []), 'ok');
  assert.equal(done(undefined, []), 'unrecorded');
  assert.equal(done(true, [banditFailureWarning('bandit_missing', 'x', 'bandit')]), 'missing');
  assert.equal(
    done(true, [banditFailureWarning('bandit_timeout', 'bandit took longer than the time allowed', 'b')]),
    'timed_out',
  );
  assert.equal(
    done(undefined, [banditFailureWarning('bandit_failed', 'bandit failed (exit 2): boom', 'b')]),
    'failed',
  );
  const skipped = banditSkippedWarning([{ path: 'a.py', reason: 'syntax error' }]);
  assert.equal(done(true, [skipped ?? '']), 'partial');
  // pylint's warnings are not bandit's.
  assert.equal(done(true, ['pylint took longer than the time allowed: pylint columns are empty']), 'ok');
});
