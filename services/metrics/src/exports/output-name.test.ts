import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outputName } from './output-name.js';

test('output folder name: UTC stamp, safe ref, id and short sha', () => {
  assert.equal(
    outputName({
      repo: 'requests',
      at: new Date('2024-03-05T07:08:09.999Z'),
      ref: 'feature/x y@{1}',
      analysisId: 42,
      commitSha: '0123456789abcdef0123456789abcdef01234567',
    }),
    'requests__20240305-070809__ref-feature-x-y--1-__a42__sha-0123456',
  );
  assert.match(
    outputName({ repo: 'r.py', at: new Date(0), ref: 'v1.0_rc-2', analysisId: 1, commitSha: 'abcdef1234' }),
    /^r\.py__19700101-000000__ref-v1\.0_rc-2__a1__sha-abcdef1$/,
  );
});
