import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpProblem, nextLink, parseTimeRange } from '../src/index.js';

test('parseTimeRange converts bounds and refuses an inverted range', () => {
  assert.deepEqual(parseTimeRange(), {});
  assert.deepEqual(parseTimeRange('2030-01-01T00:00:00Z'), { from: Date.UTC(2030, 0, 1) });
  assert.deepEqual(parseTimeRange(undefined, '2030-01-01T00:00:01Z'), { to: Date.UTC(2030, 0, 1, 0, 0, 1) });
  assert.throws(
    () => parseTimeRange('2030-01-02T00:00:00Z', '2030-01-01T00:00:00Z'),
    (e: unknown) =>
      e instanceof HttpProblem &&
      e.status === 422 &&
      e.code === 'validation_failed' &&
      e.errors?.[0]?.path === 'from',
  );
});

test('nextLink keeps the query, replaces the cursor and drops unset values', () => {
  assert.equal(
    nextLink('/api/x', { action: 'user.', before_id: 9, limit: 2, to: undefined }, { before_id: 4 }),
    '</api/x?action=user.&before_id=4&limit=2>; rel="next"',
  );
});
