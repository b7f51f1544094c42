import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RateLimiter } from '../../src/platform/http/rate-limiter.js';

describe('RateLimiter', () => {
  test('allows a burst of perMinute per key, then refills one token every 60/perMinute seconds', () => {
    let now = 1_000_000;
    const l = new RateLimiter(6, () => now);
    for (let i = 0; i < 6; i++) assert.deepEqual(l.take('a'), { ok: true });
    assert.deepEqual(l.take('a'), { ok: false, retryAfterS: 10 });
    assert.deepEqual(l.take('b'), { ok: true }, 'keys are independent');
    now += 4_000;
    assert.deepEqual(l.take('a'), { ok: false, retryAfterS: 6 });
    now += 6_000;
    assert.deepEqual(l.allows('a'), { ok: true });
    assert.deepEqual(l.take('a'), { ok: true });
    assert.equal(l.take('a').ok, false);
    now += 10 * 60_000;
    for (let i = 0; i < 6; i++) assert.equal(l.take('a').ok, true, 'never more than perMinute saved up');
    assert.equal(l.take('a').ok, false);
  });
});

describe('RateLimiter.refund', () => {
  test('gives a token back, never past the burst size', () => {
    const now = 5_000_000;
    const l = new RateLimiter(2, () => now);
    assert.equal(l.take('a').ok, true);
    assert.equal(l.take('a').ok, true);
    assert.equal(l.take('a').ok, false);
    l.refund('a');
    assert.equal(l.take('a').ok, true);
    l.refund('a');
    l.refund('a');
    l.refund('a');
    assert.equal(l.take('a').ok, true);
    assert.equal(l.take('a').ok, true);
    assert.equal(l.take('a').ok, false);
  });
});
