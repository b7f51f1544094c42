import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quietUntil } from '../../src/alerting/notify/quiet-hours.js';
import { shiftAt } from '../../src/alerting/on-call/rotation.js';
import { fromLocal, toLocal } from '../../src/platform/time/zoned-time.js';

const at = (iso: string) => Date.parse(iso);
const local = (y: number, mo: number, d: number, h: number, mi = 0) => ({
  year: y,
  month: mo,
  day: d,
  hour: h,
  minute: mi,
});

// Berlin: CET→CEST on 2026-03-29 at 01:00Z, CEST→CET on 2026-10-25 at 01:00Z (published dates).
describe('wall-clock time through Intl', () => {
  test('local readings to instants: ordinary, skipped (spring) and repeated (autumn)', () => {
    assert.equal(fromLocal('Europe/Berlin', local(2026, 3, 28, 9)), at('2026-03-28T08:00:00Z'));
    assert.equal(fromLocal('Europe/Berlin', local(2026, 3, 30, 9)), at('2026-03-30T07:00:00Z'));
    // 02:30 does not happen on 29 March: read with the offset before the gap, it is 03:30 CEST.
    assert.equal(fromLocal('Europe/Berlin', local(2026, 3, 29, 2, 30)), at('2026-03-29T01:30:00Z'));
    // 02:30 happens twice on 25 October: the first pass (still CEST).
    assert.equal(fromLocal('Europe/Berlin', local(2026, 10, 25, 2, 30)), at('2026-10-25T00:30:00Z'));
    assert.deepEqual(toLocal('America/New_York', at('2026-11-01T05:30:00Z')), local(2026, 11, 1, 1, 30));
    assert.deepEqual(toLocal('America/New_York', at('2026-11-01T06:30:00Z')), local(2026, 11, 1, 1, 30));
  });

  test('an hours rotation steps in elapsed time across the change', () => {
    const layer = {
      name: 'h',
      members: [1, 2],
      rotation_length: 12,
      rotation_unit: 'hours' as const,
      start: '2026-03-28T21:00',
      end: null,
    };
    // 21:00 CET = 20:00Z; shifts of 12 real hours: 08:00Z, 20:00Z (22:00 CEST after the change).
    assert.deepEqual(shiftAt(layer, 'Europe/Berlin', at('2026-03-29T19:59:00Z')), {
      user_id: 2,
      from: at('2026-03-29T08:00:00Z'),
      to: at('2026-03-29T20:00:00Z'),
    });
    assert.equal(shiftAt(layer, 'Europe/Berlin', at('2026-03-29T20:00:00Z'))?.user_id, 1);
    assert.equal(shiftAt(layer, 'Europe/Berlin', at('2026-03-28T19:59:00Z')), null);
  });

  test('quiet hours across midnight end at the next local end time', () => {
    const q = { time_zone: 'Europe/Berlin', start: '22:00', end: '07:00', min_severity: 'critical' as const };
    // 23:30 CET on 27 March → 07:00 CET on the 28th = 06:00Z.
    assert.equal(quietUntil(q, at('2026-03-27T22:30:00Z')), at('2026-03-28T06:00:00Z'));
    // 05:00 CEST on the 30th (03:00Z) → 07:00 CEST = 05:00Z.
    assert.equal(quietUntil(q, at('2026-03-30T03:00:00Z')), at('2026-03-30T05:00:00Z'));
    assert.equal(quietUntil(q, at('2026-03-30T10:00:00Z')), null);
  });
});
