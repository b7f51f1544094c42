// `pylint --version` is asked once per binary (it was spawned on every run), and again when the
// binary changes: another file at the same path, an edit in place, another command.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pylintVersion } from './pylint-version.js';

describe('pylintVersion', () => {
  let dir: string;
  let calls: string;
  const stub = (name: string, version: string): string => {
    const path = join(dir, name);
    // Each call leaves one line in `calls`, so the test counts the processes started.
    writeFileSync(
      path,
      `#!/bin/sh\necho "${name}" >> "${calls}"\necho "pylint ${version}"\necho "astroid 3"\n`,
    );
    chmodSync(path, 0o755);
    return path;
  };
  const started = (): string[] => readFileSync(calls, 'utf8').split('\n').filter(Boolean);

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pylint-version-'));
    calls = join(dir, 'calls.txt');
    writeFileSync(calls, '');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is asked once per binary, and again when the binary changes', async () => {
    const a = stub('pylint-a', '3.0.1');
    assert.equal(await pylintVersion(a, 10_000), 'pylint 3.0.1 astroid 3');
    assert.equal(await pylintVersion(a, 10_000), 'pylint 3.0.1 astroid 3');
    assert.deepEqual(started(), ['pylint-a']);

    // Upgraded in place: other content (size) and mtime.
    stub('pylint-a', '3.10.22');
    utimesSync(a, new Date(), new Date(Date.now() + 5000));
    assert.equal(await pylintVersion(a, 10_000), 'pylint 3.10.22 astroid 3');
    assert.deepEqual(started(), ['pylint-a', 'pylint-a']);

    // Same size, only the mtime moved (a reinstall of another build).
    utimesSync(a, new Date(), new Date(Date.now() + 10_000));
    await pylintVersion(a, 10_000);
    assert.equal(started().length, 3);

    // Another command is its own binary.
    const b = stub('pylint-b', '2.16.2');
    assert.equal(await pylintVersion(b, 10_000), 'pylint 2.16.2 astroid 3');
    assert.equal(await pylintVersion(a, 10_000), 'pylint 3.10.22 astroid 3');
    assert.deepEqual(started(), ['pylint-a', 'pylint-a', 'pylint-a', 'pylint-b']);
  });

  test('follows PATH and symlinks like spawn does; a missing or failing command gives null, not remembered', async () => {
    const saved = process.env.PATH;
    process.env.PATH = `${dir}:${saved ?? ''}`;
    try {
      stub('pylint-c', '3.1.0');
      assert.equal(await pylintVersion('pylint-c', 10_000), 'pylint 3.1.0 astroid 3');
      assert.equal(await pylintVersion('pylint-c', 10_000), 'pylint 3.1.0 astroid 3');
      assert.equal(started().filter((c) => c === 'pylint-c').length, 1);
      assert.equal(await pylintVersion('no-such-pylint-here', 10_000), null);
      const failing = join(dir, 'pylint-fails');
      writeFileSync(failing, `#!/bin/sh\necho "pylint-fails" >> "${calls}"\nexit 1\n`);
      chmodSync(failing, 0o755);
      assert.equal(await pylintVersion(failing, 10_000), null);
      assert.equal(await pylintVersion(failing, 10_000), null);
      assert.equal(started().filter((c) => c === 'pylint-fails').length, 2);
    } finally {
      process.env.PATH = saved;
    }
  });
});
