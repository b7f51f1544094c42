import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cloneUrlFor, refNameErrors, validateAnalysisInput, validateRepoUrl } from './repo-validate.js';

describe('validateRepoUrl', () => {
  const accepted: [string, string, string][] = [
    ['https://github.com/octocat/Hello-World', 'octocat', 'Hello-World'],
    ['https://github.com/octocat/Hello-World.git', 'octocat', 'Hello-World'],
    ['https://github.com/octocat/Hello-World/', 'octocat', 'Hello-World'],
    ['https://GitHub.com/a/b', 'a', 'b'],
    ['https://github.com/a-b-c/re.po_x-1', 'a-b-c', 're.po_x-1'],
    ['https://github.com/a/.github', 'a', '.github'],
    ['https://github.com/a/...', 'a', '...'],
    [`https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}`, 'o'.repeat(39), 'r'.repeat(100)],
  ];
  for (const [url, owner, repo] of accepted) {
    test(`accepts ${url.slice(0, 60)}`, () => {
      const v = validateRepoUrl(url);
      assert.ok(v.ok, JSON.stringify(v));
      assert.equal(v.value.owner, owner);
      assert.equal(v.value.repo, repo);
      assert.equal(v.value.canonicalUrl, `https://github.com/${owner}/${repo}`);
    });
  }

  const rejected: unknown[] = [
    undefined,
    42,
    '',
    'http://github.com/a/b',
    'HTTPS://github.com/a/b',
    'git@github.com:a/b.git',
    'ssh://git@github.com/a/b',
    'file:///etc/passwd',
    'https://gitlab.com/a/b',
    'https://github.com.evil.com/a/b',
    'https://user:pw@github.com/a/b',
    'https://github.com:443/a/b',
    'https://www.github.com/a/b',
    'https://github.com/a',
    'https://github.com/a/',
    'https://github.com/a/b/c',
    'https://github.com/a/b.git/',
    'https://github.com/a/b//',
    'https://github.com/a/b?x=1',
    'https://github.com/a/b#x',
    'https://github.com/-a/b',
    'https://github.com/a-/b',
    'https://github.com/a--b/c',
    `https://github.com/${'o'.repeat(40)}/b`,
    'https://github.com/a_b/c',
    'https://github.com/a/.',
    'https://github.com/a/..',
    'https://github.com/a/.git',
    `https://github.com/a/${'r'.repeat(101)}`,
    'https://github.com/a/b c',
    'https://github.com/a/b%20c',
    'https://github.com/a/-b;rm',
    'https://github.com/a/b\n',
    ' https://github.com/a/b',
  ];
  for (const url of rejected) {
    test(`rejects ${JSON.stringify(url)}`, () => {
      const v = validateRepoUrl(url);
      assert.equal(v.ok, false);
      if (!v.ok) assert.equal(v.errors[0]?.field, 'repo_url');
    });
  }
  test('a missing URL is "required", a wrong type "must be a string"', () => {
    for (const [input, message] of [
      [undefined, 'is required'],
      ['', 'is required'],
      [null, 'is required'],
      [42, 'must be a string'],
    ] as const) {
      const v = validateRepoUrl(input);
      assert.deepEqual(v.ok ? null : v.errors, [{ field: 'repo_url', message }]);
    }
  });
  test('accepts a repository name that is exactly "-b" style but not owner', () => {
    // GitHub allows a leading hyphen in repository names; git never sees it as an option (it follows a path).
    assert.ok(validateRepoUrl('https://github.com/a/-b').ok);
  });
});

describe('refNameErrors', () => {
  const good = [
    'main',
    'feature/x',
    'v1.0',
    'release-2024.01',
    'a1b2c3d',
    'deadbeef'.repeat(5),
    'ümlaut',
    'x@y',
  ];
  for (const ref of good) test(`accepts ${ref}`, () => assert.deepEqual(refNameErrors(ref, 'branch'), []));

  const bad: [unknown, RegExp][] = [
    ['', /empty/],
    [7, /string/],
    ['-f', /start with "-"/],
    ['--upload-pack=evil', /start with "-"/],
    ['a..b', /\.\./],
    ['a b', /spaces/],
    ['a\tb', /control/],
    ['a\u0000b', /control/],
    ['a\u007fb', /control/],
    ['a\u00a0b', /white space/],
    ['a~1', /~/],
    ['a^', /~/],
    ['a:b', /~/],
    ['a?', /~/],
    ['a*', /~/],
    ['a[b', /~/],
    ['a\\b', /~/],
    ['a@{1}', /@\{/],
    ['@', /"@"/],
    ['/a', /"\/"/],
    ['a/', /"\/"/],
    ['a//b', /"\/"/],
    ['a.', /end with "\."/],
    ['.hidden', /start with "\."/],
    ['a/.b', /start with "\."/],
    ['a.lock', /\.lock/],
    ['a.lock/b', /\.lock/],
    ['x'.repeat(201), /at most 200/],
  ];
  for (const [ref, re] of bad) {
    test(`rejects ${JSON.stringify(ref)}`, () => {
      const errors = refNameErrors(ref, 'ref');
      assert.equal(errors.length, 1);
      assert.equal(errors[0]?.field, 'ref');
      assert.match(errors[0]?.message ?? '', re);
    });
  }
});

describe('validateAnalysisInput', () => {
  test('returns every field error at once', () => {
    const v = validateAnalysisInput({ repo_url: 'nope', branch: '-x', ref: 'a..b' });
    assert.equal(v.ok, false);
    if (!v.ok)
      assert.deepEqual(
        v.errors.map((e) => e.field),
        ['repo_url', 'branch', 'ref'],
      );
  });
  test('keeps branch and ref, null when absent', () => {
    const v = validateAnalysisInput({ repo_url: 'https://github.com/a/b', ref: 'v1' });
    assert.ok(v.ok);
    assert.deepEqual(v.value, {
      owner: 'a',
      repo: 'b',
      canonicalUrl: 'https://github.com/a/b',
      branch: null,
      ref: 'v1',
    });
  });
});

describe('cloneUrlFor', () => {
  test('maps onto the base URL without a .git suffix', () => {
    assert.equal(cloneUrlFor('a', 'b'), 'https://github.com/a/b');
    assert.equal(cloneUrlFor('a', 'b', 'file:///tmp/x/'), 'file:///tmp/x/a/b');
    assert.equal(cloneUrlFor('a', 'b', 'http://127.0.0.1:9/git'), 'http://127.0.0.1:9/git/a/b');
  });
  test('refuses unvalidated names and odd bases', () => {
    assert.throws(() => cloneUrlFor('-a', 'b'));
    assert.throws(() => cloneUrlFor('a', '..'));
    assert.throws(() => cloneUrlFor('a', 'b/c'));
    assert.throws(() => cloneUrlFor('a', 'b', 'ext::sh -c evil'));
  });
});
