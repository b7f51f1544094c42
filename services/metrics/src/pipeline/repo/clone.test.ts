import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import {
  buildStandardFixture,
  createFixtureBase,
  type FixtureBase,
  gitSync,
  type StandardFixture,
} from '../../../test/fixtures-builder/build-repo.js';
import { cloneUrlFor } from '../../shared-types/repo-validate.js';
import { CloneError, cloneRepo, removeScratch } from './clone.js';

const skip = needTool('git');

describe('cloneRepo', { skip }, () => {
  let base: FixtureBase;
  let fx: StandardFixture;
  let url: string;
  let scratchRoot: string;

  before(() => {
    base = createFixtureBase();
    fx = buildStandardFixture(base);
    url = cloneUrlFor(fx.owner, fx.repo, base.baseUrl);
    scratchRoot = mkdtempSync(join(tmpdir(), 'metrics-scratch-'));
  });
  after(() => {
    base.cleanup();
    rmSync(scratchRoot, { recursive: true, force: true });
  });

  const clone = (extra: Partial<Parameters<typeof cloneRepo>[0]> = {}) =>
    cloneRepo({ url, scratchRoot, timeoutMs: 30_000, ...extra });

  const failsWith = async (p: Promise<unknown>, code: string): Promise<CloneError> => {
    try {
      await p;
    } catch (e) {
      assert.ok(e instanceof CloneError, String(e));
      assert.equal(e.code, code, e.message);
      assert.doesNotMatch(e.message, /\n\s+at /);
      return e;
    }
    assert.fail(`expected ${code}`);
  };

  test('shallow clone of the default branch', async () => {
    const r = await clone();
    try {
      assert.equal(r.commitSha, fx.shas.head);
      // The pylint cache's key, read with the commit.
      assert.equal(r.treeSha, gitSync(r.dir, ['rev-parse', 'HEAD^{tree}']));
      assert.match(r.treeSha, /^[0-9a-f]{40}$/);
      assert.equal(r.refUsed, 'main');
      assert.equal(r.refKind, 'default');
      assert.equal(r.isShallow, true);
      assert.equal(gitSync(r.dir, ['rev-parse', '--is-shallow-repository']), 'true');
      assert.equal(gitSync(r.dir, ['rev-list', '--count', 'HEAD']), '1');
      assert.equal(gitSync(r.dir, ['tag']), '', '--no-tags');
      assert.ok(lstatSync(join(r.dir, 'link_outside.py')).isSymbolicLink());
    } finally {
      await removeScratch(r.dir);
    }
    assert.equal(existsSync(r.dir), false);
  });

  test('full clone keeps the whole history of the branch', async () => {
    const r = await clone({ shallow: false });
    try {
      assert.equal(r.isShallow, false);
      assert.equal(r.commitSha, fx.shas.head);
      assert.equal(gitSync(r.dir, ['rev-parse', '--is-shallow-repository']), 'false');
      assert.equal(gitSync(r.dir, ['rev-list', '--count', 'HEAD']), '5');
    } finally {
      await removeScratch(r.dir);
    }
  });

  test('a branch, shallow', async () => {
    const r = await clone({ ref: 'feature' });
    await removeScratch(r.dir);
    assert.deepEqual(
      [r.commitSha, r.refUsed, r.refKind, r.isShallow],
      [fx.shas.feature, 'feature', 'branch', true],
    );
  });

  test('a tag, shallow and full', async () => {
    const s = await clone({ ref: 'v1.0' });
    await removeScratch(s.dir);
    assert.deepEqual([s.commitSha, s.refUsed, s.refKind, s.isShallow], [fx.shas.c4, 'v1.0', 'tag', true]);
    const f = await clone({ ref: 'v1.0', shallow: false });
    const count = gitSync(f.dir, ['rev-list', '--count', 'HEAD']);
    await removeScratch(f.dir);
    assert.deepEqual([f.commitSha, f.isShallow, count], [fx.shas.c4, false, '4']);
  });

  test('a full commit sha is fetched alone at depth 1', async () => {
    const r = await clone({ ref: fx.shas.c2 });
    const count = gitSync(r.dir, ['rev-list', '--count', 'HEAD']);
    await removeScratch(r.dir);
    assert.deepEqual(
      [r.commitSha, r.refUsed, r.refKind, r.isShallow, count],
      [fx.shas.c2, fx.shas.c2, 'commit', true, '1'],
    );
  });

  test('an abbreviated sha falls back to a full clone; a full clone checks out any sha', async () => {
    const short = fx.shas.c3.slice(0, 8);
    const r = await clone({ ref: short });
    await removeScratch(r.dir);
    assert.deepEqual([r.commitSha, r.refUsed, r.isShallow], [fx.shas.c3, short, false]);
    const f = await clone({ ref: fx.shas.feature, shallow: false });
    await removeScratch(f.dir);
    assert.equal(f.commitSha, fx.shas.feature);
  });

  test('unknown refs fail with ref_not_found and leave no scratch folder', async () => {
    await failsWith(clone({ ref: 'no-such-branch' }), 'ref_not_found');
    await failsWith(clone({ ref: 'deadbeef' }), 'ref_not_found');
    await failsWith(clone({ ref: 'f'.repeat(40) }), 'ref_not_found');
    await failsWith(clone({ ref: 'f'.repeat(40), shallow: false }), 'ref_not_found');
    assert.deepEqual(readdirSync(scratchRoot), []);
  });

  test('an empty repository (no commits) fails with a plain message, capped or not', async () => {
    const dir = join(base.dir, 'acme', 'empty');
    gitSync(base.dir, ['init', '-q', dir]);
    const empty = cloneUrlFor('acme', 'empty', base.baseUrl);
    for (const maxSizeMb of [500, 0]) {
      const e = await failsWith(cloneRepo({ url: empty, scratchRoot, maxSizeMb }), 'clone_failed');
      assert.equal(e.message, 'the repository is empty (it has no commits)');
    }
    assert.deepEqual(readdirSync(scratchRoot), []);
  });

  test('a missing repository fails with repo_not_found', async () => {
    const missing = cloneUrlFor('acme', 'nothing-here', base.baseUrl);
    const e = await failsWith(cloneRepo({ url: missing, scratchRoot }), 'repo_not_found');
    assert.match(e.message, /was not found on GitHub, or it is private$/);
    await failsWith(cloneRepo({ url: missing, scratchRoot, ref: 'main' }), 'repo_not_found');
    assert.deepEqual(readdirSync(scratchRoot), []);
  });

  test('a clone over the size cap fails with repo_too_large', async () => {
    await failsWith(clone({ maxSizeMb: 0.001 }), 'repo_too_large');
    assert.deepEqual(readdirSync(scratchRoot), []);
    const r = await clone({ maxSizeMb: 0 });
    await removeScratch(r.dir);
  });

  test('a server that never answers hits the timeout; the whole process group is killed', async () => {
    const sockets: Socket[] = [];
    const server: Server = createServer((s) => {
      sockets.push(s);
      // Flowing mode, so the end of the connection is seen.
      s.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const slowUrl = cloneUrlFor('acme', 'widgets', `http://127.0.0.1:${port}`);
      await failsWith(cloneRepo({ url: slowUrl, scratchRoot, timeoutMs: 700 }), 'clone_timeout');
      assert.ok(sockets.length > 0, 'git connected');
      // git-remote-http held the connection; killing the group closes it.
      await Promise.all(
        sockets.map((s) =>
          s.closed ? Promise.resolve() : new Promise((resolve) => s.once('close', resolve)),
        ),
      );
      assert.deepEqual(readdirSync(scratchRoot), []);
    } finally {
      server.close();
    }
  });

  test('an aborted signal stops the clone with interrupted', async () => {
    const ac = new AbortController();
    ac.abort();
    await failsWith(clone({ signal: ac.signal }), 'interrupted');
  });
});
