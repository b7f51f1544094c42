// A compare delta is shown and coloured as rounded: −0.004 at two decimals is "±0", neutral (issue 29:
// "−0.00 from 2.55" read as an improvement, in green).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deltaTone, signed } from '../../web/src/lib/delta.js';

describe('compare deltas as shown', () => {
  test('a change that rounds to zero is ±0 and neutral, whichever its sign', () => {
    assert.equal(signed(-0.004, 2), '±0');
    assert.equal(signed(0.004, 2), '±0');
    assert.equal(deltaTone(-0.004, 2, 'down'), undefined);
    assert.equal(deltaTone(0.04, 1, 'up'), undefined);
    assert.equal(signed(0, 0), '±0');
  });

  test('a visible change keeps its sign and tone', () => {
    assert.equal(signed(-0.25, 2), '−0.25');
    assert.equal(signed(1234.5, 0), '+1,235');
    assert.equal(deltaTone(-0.25, 2, 'down'), 'delta-better');
    assert.equal(deltaTone(-0.25, 2, 'up'), 'delta-worse');
    assert.equal(deltaTone(0.006, 2, 'up'), 'delta-better');
    assert.equal(deltaTone(3, 0, null), undefined);
    assert.equal(signed(null, 2), '–');
  });
});
