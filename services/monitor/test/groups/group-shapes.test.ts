import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rollUp, rollUpAll, subtreeOf } from '../../src/shared-types/group-rollup.js';
import { matchesTag, parseTagFilter } from '../../src/shared-types/tag-filter.js';

test('roll-up: worst checked status wins; all paused is paused; maintenance or paused is maintenance; empty is null', () => {
  assert.equal(rollUp([]), null);
  assert.equal(rollUp(['up', 'down', 'degraded', 'paused']), 'down');
  assert.equal(rollUp(['up', 'degraded', 'pending']), 'degraded');
  assert.equal(rollUp(['up', 'pending', 'maintenance']), 'pending');
  assert.equal(rollUp(['up', 'paused', 'maintenance']), 'up');
  assert.equal(rollUp(['paused', 'paused']), 'paused');
  assert.equal(rollUp(['paused', 'maintenance']), 'maintenance');
  assert.equal(rollUp(['maintenance']), 'maintenance');
});

test('subtree: a group and everything below it, safe on a damaged cycle', () => {
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
    [5, 6],
    [6, 5],
  ]);
  assert.deepEqual([...subtreeOf(1, parents)].sort(), [1, 2, 3]);
  assert.deepEqual([...subtreeOf(3, parents)], [3]);
  assert.deepEqual([...subtreeOf(5, parents)].sort(), [5, 6]);
});

test('tag filters: "env" matches any value, "env:prod" that value, values may hold colons', () => {
  const tags = [{ tag_id: 1, name: 'env', color: '#000000', value: 'prod:eu' }];
  assert.deepEqual(parseTagFilter('env'), { name: 'env', value: null });
  assert.deepEqual(parseTagFilter('env:prod:eu'), { name: 'env', value: 'prod:eu' });
  assert.equal(matchesTag(tags, parseTagFilter('env')), true);
  assert.equal(matchesTag(tags, parseTagFilter('env:prod:eu')), true);
  assert.equal(matchesTag(tags, parseTagFilter('env:prod')), false);
  assert.equal(matchesTag(tags, parseTagFilter('team')), false);
});

test('every group’s roll-up in one pass: statuses and counts of the group and everything below it', () => {
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
    [5, null],
  ]);
  const out = rollUpAll(parents, [
    [3, 'down'],
    [2, 'up'],
    [1, 'paused'],
    [4, 'maintenance'],
    [4, 'paused'],
    [99, 'down'],
  ]);
  assert.deepEqual(out.get(1), { status: 'down', count: 3 });
  assert.deepEqual(out.get(2), { status: 'down', count: 2 });
  assert.deepEqual(out.get(3), { status: 'down', count: 1 });
  assert.deepEqual(out.get(4), { status: 'maintenance', count: 2 });
  assert.deepEqual(out.get(5), { status: null, count: 0 });
});
