import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CheckResult } from '../../web/src/api/types.js';
import type { ChartPoint } from '../../web/src/components/chart-types.js';
import {
  bucketResults,
  describePoint,
  downSpans,
  figuresLine,
  nearestPoint,
  pointSource,
  rangeFigures,
} from '../../web/src/monitors/chart-data.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 24, 10, 0, 0);

const result = (at: number, status: 'up' | 'down', ms: number | null): CheckResult => ({
  id: at,
  monitor_id: 1,
  checked_at: new Date(at).toISOString(),
  status,
  response_time_ms: ms,
  status_code: status === 'up' ? 200 : null,
  error: status === 'up' ? null : 'timeout after 5000 ms',
  location_id: 'local',
  tls_days_left: null,
});

const raw = (t: number, up: boolean, ms: number | null): ChartPoint => ({ t, up, ms });

describe('response-time chart data', () => {
  test('raw results become UTC-aligned partial buckets with mean, nearest-rank p95 and counts', () => {
    const rs: CheckResult[] = [];
    // 20 checks in the 10:00 hour: 10, 20, … 200 ms, the last one failed without a time.
    for (let i = 1; i <= 20; i++) rs.push(result(T0 + i * 60_000, 'up', i * 10));
    rs.push(result(T0 + 30 * 60_000, 'down', null));
    // One in the 11:00 hour, listed first (the API answers newest first).
    rs.unshift(result(T0 + HOUR + 5_000, 'up', 42));
    const b = bucketResults(rs, HOUR);
    assert.deepEqual(
      b.map((p) => [p.t, p.ms, p.p95, p.checks, p.down, p.up, p.partial]),
      [
        [T0, 105, 190, 21, 1, false, true],
        [T0 + HOUR, 42, 42, 1, 0, true, true],
      ],
    );
  });

  test('downtime runs from a failed check to the next check, merged; a bucket with a failure is shaded whole', () => {
    const pts = [
      raw(1_000, true, 5),
      raw(2_000, false, null),
      raw(3_000, false, null),
      raw(4_000, true, 7),
      raw(6_000, false, null),
    ];
    assert.deepEqual(downSpans(pts, 0, 9_000), [
      { from: 2_000, to: 4_000 },
      { from: 6_000, to: 9_000 },
    ]);
    const buckets: ChartPoint[] = [
      { t: T0, ms: 10, up: false, checks: 60, down: 2 },
      { t: T0 + HOUR, ms: 10, up: false, checks: 60, down: 1 },
      { t: T0 + 3 * HOUR, ms: 10, up: true, checks: 60, down: 0 },
    ];
    assert.deepEqual(downSpans(buckets, HOUR, T0 + 4 * HOUR), [{ from: T0, to: T0 + 2 * HOUR }]);
  });

  test('the range figures: min, avg, p95 and max of single checks; weighted mean and highest p95 of buckets', () => {
    const pts = [raw(1, true, 30), raw(2, true, 10), raw(3, false, null), raw(4, true, 20)];
    const f = rangeFigures(pts, 0);
    assert.deepEqual(f, { checks: 4, down: 1, avg: 20, p95: 30, min: 10, max: 30 });
    assert.equal(figuresLine(f, 0), 'min 10 ms · avg 20 ms · p95 30 ms · max 30 ms — 4 checks, 1 failed');
    const buckets: ChartPoint[] = [
      { t: T0, ms: 100, up: true, checks: 30, down: 0, p95: 180 },
      { t: T0 + HOUR, ms: 200, up: false, checks: 10, down: 2, p95: 400 },
    ];
    const g = rangeFigures(buckets, HOUR);
    assert.deepEqual(g, { checks: 40, down: 2, avg: 125, p95: 400, min: null, max: null });
    assert.equal(figuresLine(g, HOUR), 'avg 125 ms · highest hourly p95 400 ms — 40 checks, 2 failed');
    assert.equal(figuresLine(rangeFigures([], 0), 0), '', 'no figures without checks');
  });

  test('the point nearest a time, and what its tooltip says', () => {
    const pts = [raw(100, true, 1), raw(200, true, 2), raw(400, false, null)];
    assert.deepEqual(
      [0, 100, 149, 151, 299, 301, 10_000].map((t) => nearestPoint(pts, t)),
      [0, 0, 0, 1, 1, 2, 2],
    );
    assert.equal(nearestPoint([], 5), -1);
    const down = describePoint({ t: T0, ms: null, up: false, error: 'timeout after 5000 ms', code: null }, 0);
    assert.deepEqual(down.slice(1), ['no response time', 'Down: timeout after 5000 ms']);
    const up = describePoint({ t: T0, ms: 41.6, up: true, code: 200 }, 0);
    assert.deepEqual(up.slice(1), ['42 ms', 'Up (200)']);
    const hour = describePoint(
      { t: T0, ms: 80, up: false, checks: 60, down: 3, p95: 150, partial: true },
      HOUR,
    );
    assert.match(hour[0]!, /\(so far\)$/);
    assert.deepEqual(hour.slice(1), ['avg 80 ms · p95 150 ms', '60 checks, 3 failed']);
  });
});

describe('what a range draws', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 29, 12);
  test('a range covering less than a day of the monitor draws its checks; a longer one its buckets', () => {
    assert.equal(pointSource('hour', now - 30 * 60_000, now), 'raw');
    assert.equal(pointSource('hour', now - DAY, now), 'raw');
    assert.equal(pointSource('hour', now - DAY - 1, now), 'hour');
    assert.equal(pointSource('day', now - 365 * DAY, now), 'day');
    assert.equal(pointSource('raw', now - 3_600_000, now), 'raw');
  });
});
