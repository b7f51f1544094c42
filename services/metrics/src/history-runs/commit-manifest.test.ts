// A manifest names each file's content by blob id, except a result the cache does not keep (a file
// stopped by its time budget): that one travels inside the manifest, so the run's rows can still be
// written from it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeSource, failedAnalysis, timeoutError } from '@app/pyscan';
import { decodeManifest, encodeManifest, manifestOf, manifestOids } from './commit-manifest.js';

describe('commit manifests', () => {
  test('blob ids for cacheable results, the result itself for the others; a round trip keeps all', () => {
    const ok = analyzeSource(Buffer.from('def f(x):\n    if x:\n        return 1\n    return 0\n'), 'a.py');
    const same = analyzeSource(
      Buffer.from('def f(x):\n    if x:\n        return 1\n    return 0\n'),
      'b/a.py',
    );
    const slow = failedAnalysis('slow.py', timeoutError(30));
    const files = [
      { path: 'a.py', oid: 'aa'.repeat(20) },
      { path: 'b/a.py', oid: 'aa'.repeat(20) },
      { path: 'slow.py', oid: 'bb'.repeat(20) },
    ];
    const m = manifestOf(files, [ok, same, slow]);
    assert.deepEqual(m[0], ['a.py', 'aa'.repeat(20)]);
    assert.deepEqual(m[1], ['b/a.py', 'aa'.repeat(20)]);
    assert.equal(m[2]?.[1], null);
    assert.equal(m[2]?.[2]?.file.parse_error, timeoutError(30));
    assert.equal(m[2]?.[2]?.file.path, '');
    assert.deepEqual(manifestOids(m), ['aa'.repeat(20)]);
    assert.deepEqual(decodeManifest(encodeManifest(m)), m);
  });
});
