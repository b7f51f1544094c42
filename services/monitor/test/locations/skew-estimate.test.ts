import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateSkew, MAX_SKEW_MS } from '../../src/engine/probe-ingest/skew.js';

const now = 1_000_000_000;
const skewOf = (measured: number, prev: { skew_ms: number | null; last_seen_at: number | null }, at = now) =>
  estimateSkew(measured, prev, at).skew;

test('skew: the first measure is taken as it is', () => {
  assert.deepEqual(estimateSkew(60_000, { skew_ms: null, last_seen_at: null }, now), {
    skew: 60_000,
    plausible: true,
  });
});

test('skew: a post delayed by a busy server does not drag the estimate down', () => {
  let prev = { skew_ms: 500, last_seen_at: now - 1000 };
  // Ten posts that each waited 1.5 s in the central's queue (measured 500 - 1500).
  for (let i = 0; i < 10; i++) {
    const skew = skewOf(-1000, prev, now + i * 100);
    prev = { skew_ms: skew, last_seen_at: now + i * 100 };
  }
  assert.equal(prev.skew_ms, 500 - 10 * 20);
});

test('skew: a larger measure (less delay) is taken at once; after ten minutes of silence it starts afresh', () => {
  assert.equal(skewOf(900, { skew_ms: 500, last_seen_at: now - 1000 }), 900);
  assert.equal(skewOf(-3000, { skew_ms: 500, last_seen_at: now - 11 * 60_000 }), -3000);
});

test('skew: a measure beyond five minutes is implausible, and an earlier one of those is not kept', () => {
  const year = 365 * 24 * 3600_000;
  // Recorded within a 32-bit column (about 24.8 days).
  assert.deepEqual(estimateSkew(year, { skew_ms: 0, last_seen_at: now - 1000 }, now), {
    skew: 2_147_483_647,
    plausible: false,
  });
  assert.equal(
    estimateSkew(-MAX_SKEW_MS - 1, { skew_ms: 0, last_seen_at: now - 1000 }, now).plausible,
    false,
  );
  // The implausible claim was recorded (to be seen); the next honest post starts afresh.
  assert.deepEqual(estimateSkew(40, { skew_ms: 2_147_483_647, last_seen_at: now - 1000 }, now), {
    skew: 40,
    plausible: true,
  });
});

test('skew: a claim within the bound moves back at the next post far below it, not 20 ms a post', () => {
  // A forged post claimed +4 min; the probe's real clock is 40 ms ahead.
  assert.equal(skewOf(40, { skew_ms: 4 * 60_000, last_seen_at: now - 1000 }), 40);
  // A clock that really moved back by a minute is followed at once too.
  assert.equal(skewOf(-60_000, { skew_ms: 200, last_seen_at: now - 1000 }), -60_000);
  // Within a plausible delay (10 s) the largest recent measure still stands.
  assert.equal(skewOf(-9000, { skew_ms: 500, last_seen_at: now - 1000 }), 480);
});
