import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeSource } from '../src/decode.js';
import { ccRank, isTestPath, miRank, summarize, toCsv } from '../src/index.js';
import { pySplitLines, pyStrip } from '../src/py-text.js';

test('rank letters follow radon', () => {
  assert.deepEqual([0, 1, 5, 6, 10, 11, 20, 21, 30, 31, 40, 41, 99].map(ccRank).join(''), 'AAABBCCDDEEFF');
  assert.deepEqual([100, 19.01, 19, 9.5, 9, 0].map(miRank).join(''), 'AABBCC');
});

test('isTestPath implements SKIP_TEST_FILES', () => {
  assert.equal(isTestPath('test_a.py'), true);
  assert.equal(isTestPath('pkg/a_test.py'), true);
  assert.equal(isTestPath('tests/helpers.py'), true);
  assert.equal(isTestPath('src\\tests\\x.py'), true);
  assert.equal(isTestPath('pkg/testing.py'), false);
  assert.equal(isTestPath('pkg/tests.py'), false);
  assert.equal(isTestPath('contest/a.py'), false);
  assert.equal(isTestPath('pkg/test_data/a.py'), false);
});

test('CSV follows RFC 4180', () => {
  const csv = toCsv(
    ['a', 'b', 'c', 'd'],
    [
      { a: 'x,y', b: 'say "hi"', c: null, d: true },
      { a: 1.5, b: 'line\nbreak' },
    ],
  );
  assert.equal(csv, 'a,b,c,d\r\n"x,y","say ""hi""",,true\r\n1.5,"line\nbreak",,\r\n');
});

test('summarize totals the file rows', () => {
  const s = summarize([], { repository: 'r', history_enabled: true });
  assert.equal(s.files, 0);
  assert.equal(s.cc_avg, null);
  assert.equal(s.history_enabled, true);
});

test('Python line splitting and stripping', () => {
  assert.deepEqual(pySplitLines('a\fb\r\nc\x1cd\n'), ['a', 'b', 'c', 'd']);
  assert.equal(pyStrip('\ufeff x \x1f'), '\ufeff x');
});

test('decoding reports an encoding problem with a BOM and a non-UTF-8 cookie', () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# coding: latin-1\n')]);
  const d = decodeSource(bytes);
  assert.equal(d.ok, false);
});
