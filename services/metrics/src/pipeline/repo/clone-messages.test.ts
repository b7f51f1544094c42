import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isNotFound, mb, redactPaths, repoName } from './clone-messages.js';

describe('clone messages', () => {
  test('server paths never reach a message; URLs and relative paths stay', () => {
    const dir = '/srv/data/scratch/metrics-clone-Ab12';
    const url = 'file:///srv/mirror/acme/widgets';
    assert.equal(
      redactPaths(`fatal: could not create work tree dir '${dir}/pkg': No space left`, dir, url),
      "fatal: could not create work tree dir '<clone>/pkg': No space left",
    );
    assert.equal(
      redactPaths("fatal: '/srv/mirror/acme/widgets' does not appear to be a git repository", dir, url),
      "fatal: 'acme/widgets' does not appear to be a git repository",
    );
    assert.equal(
      redactPaths('error: unable to write file /var/lib/other/x.pack and src/a.py', dir, url),
      'error: unable to write file … and src/a.py',
    );
    assert.equal(
      redactPaths(
        "fatal: unable to access 'https://github.com/acme/widgets/': timeout",
        dir,
        'https://github.com/acme/widgets.git',
      ),
      "fatal: unable to access 'https://github.com/acme/widgets/': timeout",
    );
  });

  test('not-found answers of a mirror, a 404 and GitHub (401 without credentials)', () => {
    for (const stderr of [
      "fatal: '/x/acme/y' does not appear to be a git repository",
      "remote: Repository not found.\nfatal: repository 'https://github.com/a/b/' not found",
      "fatal: could not read Username for 'https://github.com': terminal prompts disabled",
      "fatal: Authentication failed for 'http://127.0.0.1:1/a/b/'",
    ]) {
      assert.ok(isNotFound(stderr), stderr);
    }
    assert.equal(
      isNotFound("fatal: unable to access 'https://github.com/a/b/': Could not resolve host"),
      false,
    );
  });

  test('names and sizes', () => {
    assert.equal(repoName('https://github.com/pallets/flask.git'), 'pallets/flask');
    assert.equal(mb(25_165_824), '25.2');
  });
});
