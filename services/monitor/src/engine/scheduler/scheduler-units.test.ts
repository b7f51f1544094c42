import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatchUp } from './catch-up.js';
import { DueHeap } from './min-heap.js';
import type { Slot } from './slot.js';
import { initialDueTimes, takeOverWindow } from './spread.js';
import { planTakeOver } from './take-over.js';
import { applyResult } from './transition.js';

describe('applyResult', () => {
  test('retries keep the previous state, then down; success is up at once', () => {
    let s = { status: 'up' as const, failures: 0 } as Parameters<typeof applyResult>[0];
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const t = applyResult(s, 'down', 2);
      seen.push(`${t.status}/${t.failures}/${t.retrying}/${t.changed}`);
      s = t;
    }
    assert.deepEqual(seen, ['up/1/true/false', 'up/2/true/false', 'down/3/false/true', 'down/4/false/false']);
    assert.deepEqual(applyResult(s, 'up', 2), {
      status: 'up',
      failures: 0,
      successes: 1,
      retrying: false,
      changed: true,
    });
  });

  test('no retries: the first failure is down; an immediate failure skips retries', () => {
    assert.equal(applyResult({ status: 'pending', failures: 0 }, 'down', 0).status, 'down');
    const t = applyResult({ status: 'up', failures: 0 }, 'down', 5, true);
    assert.deepEqual([t.status, t.failures, t.retrying], ['down', 6, false]);
  });

  test('a slow success is degraded; a down monitor needs recovery_count successes in a row', () => {
    assert.equal(
      applyResult({ status: 'up', failures: 0 }, 'up', 0, false, { slow: true }).status,
      'degraded',
    );
    let s: Parameters<typeof applyResult>[0] = { status: 'down', failures: 3 };
    const seen: string[] = [];
    for (const r of ['up', 'up', 'down', 'up', 'up', 'up'] as const) {
      s = applyResult(s, r, 0, false, { recoveryCount: 3 });
      seen.push(s.status);
    }
    assert.deepEqual(seen, ['down', 'down', 'down', 'down', 'down', 'up']);
  });
});

describe('initialDueTimes', () => {
  test('future due times are kept; overdue and unchecked ones are spread, oldest first', () => {
    const now = 1_000_000;
    const due = initialDueTimes(
      [
        { id: 1, intervalMs: 60_000, retryIntervalMs: 10_000, lastCheckedAt: now - 30_000, retrying: false },
        { id: 2, intervalMs: 60_000, retryIntervalMs: 10_000, lastCheckedAt: now - 5_000, retrying: true },
        { id: 3, intervalMs: 60_000, retryIntervalMs: 10_000, lastCheckedAt: now - 100_000, retrying: false },
        { id: 4, intervalMs: 60_000, retryIntervalMs: 10_000, lastCheckedAt: now - 200_000, retrying: false },
        { id: 5, intervalMs: 60_000, retryIntervalMs: 10_000, lastCheckedAt: null, retrying: false },
      ],
      now,
    );
    assert.equal(due.get(1), now + 30_000);
    assert.equal(due.get(2), now + 5_000);
    assert.deepEqual([due.get(5), due.get(4), due.get(3)], [now, now + 20_000, now + 40_000]);
  });
});

describe('DueHeap', () => {
  test('pops in due order', () => {
    const heap = new DueHeap();
    const dues = Array.from({ length: 200 }, (_, i) => (i * 7919) % 1000);
    for (const [id, due] of dues.entries()) heap.push({ due, id, version: 0 });
    const out: number[] = [];
    for (let e = heap.pop(); e; e = heap.pop()) out.push(e.due);
    assert.deepEqual(
      out,
      [...dues].sort((a, b) => a - b),
    );
    assert.equal(heap.size, 0);
  });
});

describe('CatchUp', () => {
  test('a stall of the process postpones the spread instead of releasing it at once', async () => {
    const released: number[] = [];
    let all: () => void = () => {};
    const done = new Promise<void>((r) => {
      all = r;
    });
    const catchUp = new CatchUp(
      (id) => {
        released.push(id);
        if (released.length === 11) all();
      },
      10,
      50,
    );
    catchUp.add(Array.from({ length: 11 }, (_, i) => ({ id: i, version: 0, offset: i * 100 })));
    assert.deepEqual(released, [0], 'offset 0 goes at once');
    // Block the event loop for 600 ms, as start-up work after the engine's start does.
    const until = Date.now() + 600;
    while (Date.now() < until) {}
    await new Promise((r) => setTimeout(r, 0));
    // The overdue tick counted for at most 50 ms: nothing more is due yet, let alone everything.
    assert.deepEqual(released, [0]);
    await done;
    assert.deepEqual(
      released,
      Array.from({ length: 11 }, (_, i) => i),
    );
    assert.equal(catchUp.size, 0);
  });
});

describe('planTakeOver', () => {
  const slot = (id: number, lastCheckedAt: number | null) =>
    ({
      id,
      heartbeat: false,
      intervalMs: 30_000,
      retryIntervalMs: 20_000,
      retryCount: 0,
      failures: 0,
      lastCheckedAt,
      lastPingAt: null,
      graceMs: 0,
    }) as unknown as Slot;

  test('a take-over catches up over as long as the monitors fell behind, never within half an interval of a due time', () => {
    const now = 1_000_000;
    // Due 10 s, 8 s and 1 s ago (a dead instance may have run the last one unrecorded); one ahead.
    const slots = [slot(1, now - 40_000), slot(2, now - 38_000), slot(3, now - 31_000), slot(4, now - 5_000)];
    assert.equal(
      takeOverWindow(
        slots.map((s) => ({ ...s, retrying: false })),
        now,
      ),
      10_000,
    );
    const plan = planTakeOver(slots, now, true);
    assert.deepEqual(
      plan.scheduled.map((p) => [p.slot.id, p.at - now]),
      [[4, 25_000]],
    );
    const offsets = new Map(plan.overdue.map((o) => [o.slot.id, o.offset]));
    assert.equal(offsets.get(1), 5_000);
    assert.ok(offsets.get(2)! >= 7_000 && offsets.get(2)! < 10_000);
    assert.equal(offsets.get(3), 14_000);
    // At a start the same monitors are spread over a whole interval, without the half-interval rule.
    const start = new Map(planTakeOver(slots, now, false).overdue.map((o) => [o.slot.id, o.offset]));
    assert.deepEqual([...start.values()], [0, 10_000, 20_000]);
  });

  test('monitors never checked are spread over a whole interval, also on a take-over', () => {
    const now = 1_000_000;
    const plan = planTakeOver([slot(1, null), slot(2, null)], now, true);
    assert.deepEqual(
      plan.overdue.map((o) => o.offset),
      [0, 15_000],
    );
  });
});
