import assert from 'node:assert/strict';
import { type FSWatcher, mkdtempSync, readdirSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from '../helpers/service.js';

// A "bomb": three 8 MiB blobs of zeros compress to a few KB, so the download is tiny and only the
// checkout would be big (25.2 MB against a cap of 5 MB).
const BLOB_BYTES = 8 * 1024 * 1024;
const BOMBS = ['bomb-0.bin', 'bomb-1.bin', 'bomb-2.bin'];

let base: FixtureBase;

before(() => {
  base = createFixtureBase();
  const b = new RepoBuilder(join(base.dir, 'acme', 'bomb'), 'main');
  b.write('app.py', 'VALUE = 1\n');
  BOMBS.forEach((name, i) => {
    b.write(name, Buffer.alloc(BLOB_BYTES, i));
  });
  b.commit('bomb', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  b.tag('v1');
  // Incompressible: here the download itself is over the cap.
  const noise = Buffer.alloc(BLOB_BYTES);
  for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  new RepoBuilder(join(base.dir, 'acme', 'noise'), 'main')
    .write('app.py', 'VALUE = 1\n')
    .write('noise.bin', noise)
    .commit('noise', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  // The same noise in its history only: the whole repository (a mirror) is over the cap, its last
  // commit is not.
  const old = new RepoBuilder(join(base.dir, 'acme', 'old-noise'), 'main');
  old.write('app.py', 'VALUE = 1\n').write('noise.bin', noise);
  old.commit('noise', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  old.remove('noise.bin').commit('no noise', { author: ALICE, date: '2024-01-02T00:00:00Z' });
});
after(() => base.cleanup());

describe('the repository size cap', () => {
  let svc: TestService;
  let dataDir: string;
  let watcher: FSWatcher;
  // Every name written under the scratch folder while the service runs.
  const written = new Set<string>();

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'metrics-size-cap-'));
    svc = await startService({
      DATA_DIR: dataDir,
      GITHUB_BASE_URL: base.baseUrl,
      PYLINT_ENABLED: 'false',
      MAX_REPO_SIZE_MB: '5',
    });
    watcher = watch(join(dataDir, 'scratch'), { recursive: true }, (_event, name) => {
      if (name) written.add(String(name));
    });
    // The service removes each clone folder as soon as it fails; a recursive watch that is still
    // walking it then reports ENOENT. That is the expected end of a clone, not a test failure.
    watcher.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  });
  after(async () => {
    watcher?.close();
    await svc?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const ref of [undefined, 'main', 'v1']) {
    test(`a small download that would check out past the cap fails before checkout (ref ${ref ?? 'default'})`, async () => {
      written.clear();
      const created = await json(
        await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/bomb', ...(ref ? { ref } : {}) }),
      );
      const record = await waitFinished(svc.url, created.body.id as number);
      assert.equal(record.status, 'failed');
      const error = record.error as { code: string; message: string };
      assert.equal(error.code, 'repo_too_large');
      // The work tree was never written: no blob file ever appeared under the scratch folder.
      const seen = [...written];
      assert.ok(
        seen.some((n) => n.includes('.git')),
        'the watcher saw the clone',
      );
      assert.deepEqual(
        seen.filter((n) => BOMBS.some((b) => n.endsWith(b)) || n.endsWith('app.py')),
        [],
      );
      assert.deepEqual(readdirSync(join(dataDir, 'scratch')), []);
      assert.match(
        error.message,
        /^the repository needs \d+\.\d MB on disk \(objects \d+\.\d MB, work tree 25\.2 MB\), over the cap of 5 MB$/,
      );
    });
  }

  test('a download over the cap is stopped before any work tree file is written', async () => {
    written.clear();
    const created = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/noise' }));
    const record = await waitFinished(svc.url, created.body.id as number);
    const error = record.error as { code: string; message: string };
    assert.equal(error.code, 'repo_too_large');
    // Stopped while downloading, or measured right after it: the objects alone are over the cap.
    assert.match(
      error.message,
      /^the repository's (download passed the cap of 5 MB \(\d+\.\d MB written before it was stopped\)|objects take 8\.\d MB on disk, over the cap of 5 MB)$/,
    );
    assert.deepEqual(
      [...written].filter((n) => n.endsWith('noise.bin') || n.endsWith('app.py')),
      [],
    );
    assert.deepEqual(readdirSync(join(dataDir, 'scratch')), []);
  });

  test('a shallow run of a repository whose history is over the cap clones its one commit from the remote', async () => {
    const created = await json(
      await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/old-noise' }),
    );
    const record = await waitFinished(svc.url, created.body.id as number);
    assert.equal(record.status, 'done', JSON.stringify(record.error));
    assert.equal((record.cache as { repo_cache: unknown }).repo_cache, null);
    assert.equal((record.summary as { files: number }).files, 1);
  });
});
