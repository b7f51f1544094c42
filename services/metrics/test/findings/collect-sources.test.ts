// The source store's caps on real files: the per-file cap, the run cap spent in the order given (so
// the same files lose their text whatever the timing), unreadable files, and the stored bytes being
// gzip of the file's bytes as committed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { collectSources } from '../../src/pipeline/source/collect-sources.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-sources-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, body: string | Buffer) => writeFileSync(join(dir, name), body);

test('per-file and per-run caps, in the order given; text stored gzip-compressed', async () => {
  const small = 'x = 1\n'.repeat(10); // 60 bytes
  write('a.py', small);
  write('b.py', 'y = 2\n'.repeat(30)); // 180 bytes: over the file cap
  write('c.py', small);
  write('d.py', small); // 60 more would pass the run cap of 150
  write('e.py', ''); // nothing to spend
  write('bad.py', Buffer.from('# coding: no-such-codec\nx = 1\n'));
  const files = ['a.py', 'b.py', 'c.py', 'd.py', 'e.py', 'missing.py', 'bad.py'];
  const got = await collectSources(dir, files, { maxFileBytes: 100, maxRunBytes: 150 });
  assert.deepEqual(
    got.map((s) => [s.path, s.status, s.size]),
    [
      ['a.py', 'stored', 60],
      ['b.py', 'file_cap', 180],
      ['c.py', 'stored', 60],
      ['d.py', 'run_cap', 60],
      ['e.py', 'stored', 0],
      ['missing.py', 'unreadable', 0],
      // Decoding waits for the source view (source-service.ts): these bytes are kept as they are.
      ['bad.py', 'stored', 30],
    ],
  );
  assert.equal(gunzipSync(got[0]!.content!).toString('utf8'), small);
  assert.deepEqual(gunzipSync(got[6]!.content!), Buffer.from('# coding: no-such-codec\nx = 1\n'));
  assert.equal(gunzipSync(got[4]!.content!).toString('utf8'), '');
  for (const s of got.filter((x) => x.status !== 'stored')) assert.equal(s.content, null, s.path);
  // Python source compresses well: what the store pays for a repetitive file is a fraction of it.
  write('long.py', 'value = compute(value)\n'.repeat(2000));
  const [long] = await collectSources(dir, ['long.py'], { maxFileBytes: 1e6, maxRunBytes: 1e6 });
  assert.ok(long!.content!.length < long!.size / 10);
});

test('caps of 0 store no text at all', async () => {
  write('z.py', 'z = 0\n');
  const got = await collectSources(dir, ['z.py'], { maxFileBytes: 0, maxRunBytes: 0 });
  assert.deepEqual(
    got.map((s) => [s.status, s.content]),
    [['file_cap', null]],
  );
});
