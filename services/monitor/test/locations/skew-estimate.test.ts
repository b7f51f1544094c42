import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateSkew } from '../../src/probe-ingest/skew.js';

const now = 1_000_000_000;

test('skew: the first measure is taken as it is', () => {
  assert.equal(estimateSkew(60_000, { skew_ms: null, last_seen_at: null }, now), 60_000);
});

test('skew: a post delayed by a busy server does not drag the estimate down', () => {
  let prev = { skew_ms: 500, last_seen_at: now - 1000 };
  // Ten posts that each waited 1.5 s in the central's queue (measured 500 - 1500).
  for (let i = 0; i < 10; i++) {
    const skew = estimateSkew(-1000, prev, now + i * 100);
    prev = { skew_ms: skew, last_seen_at: now + i * 100 };
  }
  assert.equal(prev.skew_ms, 500 - 10 * 20);
});

test('skew: a larger measure (less delay) is taken at once; after ten minutes of silence it starts afresh', () => {
  assert.equal(estimateSkew(900, { skew_ms: 500, last_seen_at: now - 1000 }, now), 900);
  assert.equal(estimateSkew(-3000, { skew_ms: 500, last_seen_at: now - 11 * 60_000 }, now), -3000);
});
