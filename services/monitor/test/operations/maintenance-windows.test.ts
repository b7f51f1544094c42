import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  activeWindows,
  type MaintenanceWindow,
  nextChange,
  occurrenceAt,
} from '../../src/alerting/maintenance/windows.js';

const t = (iso: string) => Date.parse(iso);

function window(over: Partial<MaintenanceWindow>): MaintenanceWindow {
  return {
    id: 1,
    name: 'w',
    starts_at: t('2026-01-01T00:00:00Z'),
    ends_at: null,
    monitor_ids: [],
    recurrence: null,
    timezone: 'UTC',
    is_active: true,
    ...over,
  };
}

describe('maintenance window evaluation', () => {
  test('a one-off window covers [starts_at, ends_at)', () => {
    const w = window({ starts_at: t('2026-05-01T10:00:00Z'), ends_at: t('2026-05-01T12:00:00Z') });
    assert.equal(occurrenceAt(w, t('2026-05-01T09:59:59Z')), null);
    assert.deepEqual(occurrenceAt(w, t('2026-05-01T10:00:00Z')), { start: w.starts_at, end: w.ends_at });
    assert.notEqual(occurrenceAt(w, t('2026-05-01T11:59:59Z')), null);
    assert.equal(occurrenceAt(w, t('2026-05-01T12:00:00Z')), null);
    assert.equal(occurrenceAt({ ...w, is_active: false }, t('2026-05-01T11:00:00Z')), null);
  });

  test('a daily 02:30 Europe/Berlin window across the spring DST change (29 March 2026)', () => {
    const w = window({ recurrence: { cron: '30 2 * * *', duration_minutes: 30 }, timezone: 'Europe/Berlin' });
    // 28 March, still CET (UTC+1): 02:30 local = 01:30Z.
    assert.deepEqual(occurrenceAt(w, t('2026-03-28T01:45:00Z')), {
      start: t('2026-03-28T01:30:00Z'),
      end: t('2026-03-28T02:00:00Z'),
    });
    assert.equal(occurrenceAt(w, t('2026-03-28T02:00:00Z')), null);
    // 29 March: 02:30 does not exist (02:00 jumps to 03:00 CEST); croner fires at 03:00 CEST = 01:00Z.
    assert.deepEqual(occurrenceAt(w, t('2026-03-29T01:15:00Z')), {
      start: t('2026-03-29T01:00:00Z'),
      end: t('2026-03-29T01:30:00Z'),
    });
    assert.equal(occurrenceAt(w, t('2026-03-29T00:45:00Z')), null);
    assert.equal(occurrenceAt(w, t('2026-03-29T01:30:00Z')), null);
    // 30 March, CEST (UTC+2): 02:30 local = 00:30Z.
    assert.deepEqual(occurrenceAt(w, t('2026-03-30T00:40:00Z')), {
      start: t('2026-03-30T00:30:00Z'),
      end: t('2026-03-30T01:00:00Z'),
    });
    assert.equal(occurrenceAt(w, t('2026-03-30T01:40:00Z')), null);
  });

  test('the same window across the autumn DST change (25 October 2026): 02:30 happens twice, the window once', () => {
    const w = window({ recurrence: { cron: '30 2 * * *', duration_minutes: 30 }, timezone: 'Europe/Berlin' });
    // First 02:30 (CEST) = 00:30Z.
    assert.deepEqual(occurrenceAt(w, t('2026-10-25T00:45:00Z')), {
      start: t('2026-10-25T00:30:00Z'),
      end: t('2026-10-25T01:00:00Z'),
    });
    // The repeated 02:30 (CET) = 01:30Z is not a second occurrence.
    assert.equal(occurrenceAt(w, t('2026-10-25T01:45:00Z')), null);
    // 26 October, CET: 02:30 local = 01:30Z.
    assert.deepEqual(occurrenceAt(w, t('2026-10-26T01:45:00Z')), {
      start: t('2026-10-26T01:30:00Z'),
      end: t('2026-10-26T02:00:00Z'),
    });
    assert.equal(occurrenceAt(w, t('2026-10-26T00:45:00Z')), null);
  });

  test('recurring occurrences start between starts_at and ends_at and run their full duration', () => {
    const w = window({
      starts_at: t('2026-06-10T00:00:00Z'),
      ends_at: t('2026-06-12T03:10:00Z'),
      recurrence: { cron: '0 3 * * *', duration_minutes: 60 },
    });
    assert.equal(occurrenceAt(w, t('2026-06-09T03:30:00Z')), null, 'before starts_at');
    assert.notEqual(occurrenceAt(w, t('2026-06-10T03:30:00Z')), null);
    assert.equal(occurrenceAt(w, t('2026-06-10T04:00:00Z')), null);
    // Started before ends_at, so it runs its hour even past ends_at.
    assert.deepEqual(occurrenceAt(w, t('2026-06-12T03:30:00Z')), {
      start: t('2026-06-12T03:00:00Z'),
      end: t('2026-06-12T04:00:00Z'),
    });
    assert.equal(occurrenceAt(w, t('2026-06-13T03:30:00Z')), null, 'no occurrence starts after ends_at');
  });

  test('an occurrence that began before starts_at does not count', () => {
    const w = window({
      starts_at: t('2026-06-10T03:30:00Z'),
      recurrence: { cron: '0 3 * * *', duration_minutes: 60 },
    });
    assert.equal(occurrenceAt(w, t('2026-06-10T03:45:00Z')), null);
    assert.notEqual(occurrenceAt(w, t('2026-06-11T03:45:00Z')), null);
  });

  test('a window longer than its cron period stays active across fires', () => {
    const w = window({ recurrence: { cron: '*/10 * * * *', duration_minutes: 25 } });
    assert.deepEqual(occurrenceAt(w, t('2026-07-01T12:34:00Z')), {
      start: t('2026-07-01T12:10:00Z'),
      end: t('2026-07-01T12:35:00Z'),
    });
  });

  test('activeWindows picks the windows in effect', () => {
    const a = window({ id: 1, starts_at: t('2026-05-01T10:00:00Z'), ends_at: t('2026-05-01T11:00:00Z') });
    const b = window({ id: 2, recurrence: { cron: '0 * * * *', duration_minutes: 5 } });
    const c = window({
      id: 3,
      starts_at: t('2026-05-01T10:00:00Z'),
      ends_at: t('2026-05-01T11:00:00Z'),
      is_active: false,
    });
    assert.deepEqual(
      activeWindows([a, b, c], new Date('2026-05-01T10:02:00Z')).map((w) => w.id),
      [1, 2],
    );
    assert.deepEqual(
      activeWindows([a, b, c], new Date('2026-05-01T10:30:00Z')).map((w) => w.id),
      [1],
    );
    assert.deepEqual(
      activeWindows([a, b, c], new Date('2026-05-01T11:03:00Z')).map((w) => w.id),
      [2],
    );
  });

  test('nextChange says how long an answer holds', () => {
    const once = window({ starts_at: t('2026-05-01T10:00:00Z'), ends_at: t('2026-05-01T12:00:00Z') });
    assert.equal(nextChange(once, t('2026-05-01T09:00:00Z')), t('2026-05-01T10:00:00Z'));
    assert.equal(nextChange(once, t('2026-05-01T11:00:00Z')), t('2026-05-01T12:00:00Z'));
    assert.equal(nextChange(once, t('2026-05-01T13:00:00Z')), Number.POSITIVE_INFINITY);
    const daily = window({
      recurrence: { cron: '30 2 * * *', duration_minutes: 30 },
      timezone: 'Europe/Berlin',
    });
    assert.equal(nextChange(daily, t('2026-03-29T00:00:00Z')), t('2026-03-29T01:00:00Z'));
    assert.equal(nextChange(daily, t('2026-03-29T01:15:00Z')), t('2026-03-29T01:30:00Z'));
    const ended = { ...daily, ends_at: t('2026-03-29T00:30:00Z') };
    assert.equal(nextChange(ended, t('2026-03-29T00:00:00Z')), Number.POSITIVE_INFINITY);
  });
});
