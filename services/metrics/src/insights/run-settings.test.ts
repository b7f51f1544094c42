// What two runs' stored settings differ in, and why a run leaves a path out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exclusionReason, settingsDifferences, settingsView } from './run-settings.js';

const names: [string, string] = ['run #1', 'run #2'];

test('pylint and bandit on or off differ; a run that does not record bandit is not known to differ', () => {
  const a = settingsView({ pylint: true, bandit: true, skip_test_files: true });
  const b = settingsView(JSON.stringify({ pylint: false, bandit: false, skip_test_files: true }));
  assert.deepEqual(settingsDifferences(a, b, names), [
    'pylint: run #1 on, run #2 off',
    'bandit: run #1 on, run #2 off',
  ]);
  const old = settingsView({ pylint: true, skip_test_files: true });
  assert.equal(old.bandit, null);
  assert.deepEqual(settingsDifferences(a, old, names), []);
});

test("the repository's include_tests wins over SKIP_TEST_FILES, and globs are compared as sets", () => {
  const a = settingsView({
    skip_test_files: true,
    exclude: ['b', 'a'],
    repository_config: { exclude: ['vendor'], include_tests: true },
  });
  const b = settingsView({ skip_test_files: true, exclude: ['a', 'b'], repository_config: null });
  assert.equal(a.skip_tests, false);
  assert.deepEqual(settingsDifferences(a, b, names), [
    '[tool.pyscan] exclude: run #1 vendor, run #2 none',
    'test files: run #1 measured, run #2 left out',
  ]);
});

test('why a path is left out: the repository glob, the request glob, a test file', () => {
  const why = exclusionReason(
    settingsView({ skip_test_files: true, exclude: ['gen/**'], repository_config: { exclude: ['vendor'] } }),
  );
  assert.equal(why('vendor/lib.py'), '[tool.pyscan] exclude vendor');
  assert.equal(why('gen/models.py'), 'exclude gen/**');
  assert.equal(why('pkg/tests/test_x.py'), 'test file');
  assert.equal(why('pkg/app.py'), null);
});
