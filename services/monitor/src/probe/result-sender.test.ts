import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProbeResult } from '../shared-types/probe-protocol.js';
import { batchLength, MAX_BATCH_BYTES, MAX_BATCH_RESULTS } from './result-sender.js';

const plain = (id: number): ProbeResult => ({
  monitor_id: id,
  checked_at: 1,
  status: 'up',
  response_time_ms: 1,
  status_code: 200,
  error: null,
  tls_days_left: null,
});
// A failed browser check's result with ~2.4 MB of evidence (two files at the probe's 1 MB cap).
const withEvidence = (id: number): ProbeResult => ({
  ...plain(id),
  status: 'down',
  details: { steps: [{ name: 'open', status: 'down', duration_ms: 5 }] },
  evidence: { screenshot: 'A'.repeat(1_200_000), trace: 'B'.repeat(1_200_000) },
});

test('a batch holds at most MAX_BATCH_RESULTS plain results', () => {
  const many = Array.from({ length: MAX_BATCH_RESULTS + 10 }, (_, i) => plain(i + 1));
  assert.equal(batchLength(many), MAX_BATCH_RESULTS);
  assert.equal(batchLength(many.slice(0, 3)), 3);
  assert.equal(batchLength([]), 0);
});

test('results with evidence are cut to stay under MAX_BATCH_BYTES, one at least', () => {
  const list = [plain(1), withEvidence(2), withEvidence(3), withEvidence(4), plain(5)];
  const n = batchLength(list);
  assert.equal(n, 3);
  assert.ok(JSON.stringify(list.slice(0, n)).length <= MAX_BATCH_BYTES);
  assert.equal(batchLength(list.slice(n)), 2);
  const huge = { ...withEvidence(9), evidence: { screenshot: 'C'.repeat(MAX_BATCH_BYTES + 1) } };
  assert.equal(batchLength([huge, plain(10)]), 1);
});
