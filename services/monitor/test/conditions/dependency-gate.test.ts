import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { describe, test } from 'node:test';
import {
  closesCycle,
  type ParentState,
  parentVerdict,
} from '../../src/engine/dependencies/dependency-gate.js';
import { judge } from '../../src/engine/scheduler/judge.js';
import { type Slot, slotFromRow } from '../../src/engine/scheduler/slot.js';
import type { MonitorRow } from '../../src/store/repos/monitors-repo.js';

const state = (s: Partial<ParentState>): ParentState => ({
  status: 'up',
  failures: 0,
  lastCheckedAt: 1000,
  ...s,
});

describe('parentVerdict', () => {
  test('down wins; a retrying parent is awaited; one not checked since the failure began is stale', () => {
    const states = new Map<number, ParentState>([
      [1, state({})],
      [2, state({ status: 'down' })],
      [3, state({ failures: 1 })],
      [4, state({ lastCheckedAt: 500 })],
      [5, state({ status: 'paused', lastCheckedAt: 0 })],
      [6, state({ status: 'pending', lastCheckedAt: null })],
    ]);
    const v = (ids: number[]) => parentVerdict(ids, 900, (id) => states.get(id));
    assert.equal(v([1]), 'clear');
    assert.equal(v([1, 3, 2]), 'down');
    assert.equal(v([4, 3]), 'retrying');
    assert.equal(v([4]), 'stale');
    assert.equal(v([6]), 'stale');
    assert.equal(v([5, 99]), 'clear');
  });
});

describe('closesCycle', () => {
  test('finds direct and indirect loops, not diamonds', () => {
    const edges = new Map<number, number[]>([
      [2, [1]],
      [3, [2]],
      [4, [2, 3]],
    ]);
    const parentsOf = (id: number) => edges.get(id) ?? [];
    assert.equal(closesCycle(1, [3], parentsOf), true);
    assert.equal(closesCycle(1, [4], parentsOf), true);
    assert.equal(closesCycle(5, [4, 3], parentsOf), false);
  });
});

describe('judge with conditions', () => {
  const slot = (over: Partial<MonitorRow>): Slot =>
    slotFromRow(
      {
        id: 10,
        monitor_type: 'http_get',
        url: 'http://127.0.0.1:1/',
        check_interval_seconds: 60,
        timeout_seconds: 10,
        retry_count: 0,
        retry_interval_seconds: 20,
        expected_status_codes: '2xx',
        headers: null,
        body: null,
        auth: null,
        max_redirects: 10,
        ignore_tls_errors: 0,
        heartbeat_grace_seconds: 60,
        paused: 0,
        current_status: 'up',
        consecutive_failures: 0,
        consecutive_successes: 0,
        status_reason: null,
        last_checked_at: 1000,
        last_ping_at: null,
        updated_at: 0,
        check_requested_at: null,
        depends_on: null,
        degraded_response_ms: null,
        invert: 0,
        recovery_count: 1,
        steps: null,
        blocklist: null,
        ...over,
      } as MonitorRow,
      64,
      Buffer.alloc(32, 7),
    );
  const fail = {
    status: 'down',
    response_time_ms: 5,
    status_code: 503,
    error: 'HTTP 503',
    tls_days_left: null,
    warning: null,
  } as const;
  const ok = { ...fail, status: 'up', status_code: 200, error: null } as const;

  test('a failure is held while the parent is stale, then dependency_down once the parent is down', () => {
    const s = slot({ depends_on: '[7]' });
    const parent = { status: 'up', failures: 0, lastCheckedAt: 1500 } as ParentState;
    const first = judge(s, fail, 2000, false, false, () => parent);
    assert.equal(first.held, true);
    assert.equal(first.pending.runtime.current_status, 'up');
    parent.status = 'down';
    parent.lastCheckedAt = 2100;
    const second = judge(s, fail, 2200, false, false, () => parent);
    assert.equal(second.held, false);
    assert.equal(second.pending.runtime.current_status, 'down');
    assert.equal(second.pending.runtime.status_reason, 'dependency_down');
  });

  test('a clear parent lets the failure count; invert and degraded change the outcome', () => {
    const s = slot({ depends_on: '[7]' });
    const j = judge(s, fail, 2000, false, false, () => ({ status: 'up', failures: 0, lastCheckedAt: 2500 }));
    assert.deepEqual(
      [j.held, j.pending.runtime.current_status, j.pending.runtime.status_reason],
      [false, 'down', null],
    );
    const inv = slot({ invert: 1 });
    assert.equal(judge(inv, fail, 2000, false).pending.runtime.current_status, 'up');
    const up = judge(inv, ok, 3000, false).pending;
    assert.deepEqual(
      [up.status, up.error, up.runtime.current_status],
      ['down', 'expected failure, got success', 'down'],
    );
    const slow = slot({ degraded_response_ms: 4 });
    assert.equal(judge(slow, ok, 2000, false).pending.runtime.current_status, 'degraded');
  });
});
