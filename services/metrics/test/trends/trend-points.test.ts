// The trend's point rules (pure): one point per series and commit, the newest run wins, commit order
// with the analysis time for runs without a commit date, series newest first, `limit` per series.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSeries } from '../../src/insights/trends/trend-points.js';

const run = (id: number, series: string, sha: string, commitDate: number | null, createdAt = 1000 + id) => ({
  id,
  series,
  commit_sha: sha,
  commit_date: commitDate,
  created_at: createdAt,
});

test('points by commit date, re-runs collapse to the newest, series by their latest commit', () => {
  const s = buildSeries(
    [
      run(1, 'main', 'c3', 300),
      run(2, 'main', 'c2', 200),
      run(3, 'v1', 'c1', 100),
      run(4, 'main', 'c3', 300),
      run(5, 'old', 'c0', null, 50),
    ],
    100,
  );
  assert.deepEqual(
    s.map((x) => [x.ref, x.points.map((p) => p.id)]),
    [
      ['main', [2, 4]],
      ['v1', [3]],
      ['old', [5]],
    ],
  );
  const limited = buildSeries([run(1, 'main', 'a', 1), run(2, 'main', 'b', 2), run(3, 'main', 'c', 3)], 2);
  assert.deepEqual(
    limited[0]?.points.map((p) => p.id),
    [2, 3],
  );
});
