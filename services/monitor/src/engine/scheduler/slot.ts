import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { MonitorStatus, StatusReason } from '../../store/schema.js';
import type { CheckTarget } from '../checks/index.js';
import { parseDependsOn } from '../dependencies/depends-on.js';
import { toCheckTarget } from '../monitors/check-target.js';
import { configureLocations, type LocationState } from './location-slots.js';

/** The engine's in-memory view of one monitor: configuration, state and schedule. */
export interface Slot {
  id: number;
  shard: number;
  heartbeat: boolean;
  target: CheckTarget;
  intervalMs: number;
  retryIntervalMs: number;
  retryCount: number;
  graceMs: number;
  paused: boolean;
  status: MonitorStatus;
  failures: number;
  lastCheckedAt: number | null;
  lastPingAt: number | null;
  /** Last configuration change seen, and last check-now request seen (for polling). */
  updatedAt: number;
  checkRequestedAt: number;
  /** Bumped on every reschedule: heap entries of older versions are ignored. */
  version: number;
  due: number | null;
  running: Promise<void> | null;
  /** A check-now or a scheduled check that arrived while a check was running, run right after it. */
  nowQueued: boolean;
  waiting: { due: number; version: number } | null;
  gone: 'deleted' | 'released' | null;
  /** Conditions (issue 14): parents, the degraded threshold, upside-down mode, recovery count. */
  dependsOn: number[];
  degradedMs: number | null;
  invert: boolean;
  recoveryCount: number;
  successes: number;
  statusReason: StatusReason | null;
  /** When the current failure streak began (its first failed check), null while healthy. */
  failingSince: number | null;
  /** How often this streak was held back waiting for a parent's verdict (bounded). */
  holds: number;
  /**
   * Issue 13: the states at each location of a monitor not checked from `local` alone (null for
   * those, which cost nothing more), its quorum, and whether this instance runs its checks itself.
   */
  locations: LocationState[] | null;
  quorum: number | null;
  checksLocal: boolean;
}

/** A new slot for a stored monitor. */
export function slotFromRow(row: MonitorRow, shardCount: number, key: Buffer | undefined): Slot {
  const slot: Slot = {
    id: row.id,
    shard: row.id % shardCount,
    heartbeat: false,
    target: toCheckTarget(row, key),
    intervalMs: 0,
    retryIntervalMs: 0,
    retryCount: 0,
    graceMs: 0,
    paused: false,
    status: row.current_status,
    failures: row.consecutive_failures,
    lastCheckedAt: row.last_checked_at,
    lastPingAt: row.last_ping_at,
    updatedAt: row.updated_at,
    checkRequestedAt: row.check_requested_at ?? 0,
    version: 0,
    due: null,
    running: null,
    nowQueued: false,
    waiting: null,
    gone: null,
    dependsOn: [],
    degradedMs: null,
    invert: false,
    recoveryCount: 1,
    successes: row.consecutive_successes,
    statusReason: row.status_reason,
    failingSince: null,
    holds: 0,
    locations: null,
    quorum: null,
    checksLocal: true,
  };
  configureSlot(slot, row, key);
  return slot;
}

/** Copies a monitor's configuration into its slot (state and schedule are left alone). */
export function configureSlot(slot: Slot, row: MonitorRow, key: Buffer | undefined): void {
  slot.heartbeat = row.monitor_type === 'heartbeat';
  slot.target = toCheckTarget(row, key);
  slot.intervalMs = row.check_interval_seconds * 1000;
  slot.retryIntervalMs = row.retry_interval_seconds * 1000;
  slot.retryCount = row.retry_count;
  slot.graceMs = row.heartbeat_grace_seconds * 1000;
  slot.paused = row.paused === 1;
  slot.updatedAt = row.updated_at;
  slot.dependsOn = parseDependsOn(row.depends_on);
  slot.degradedMs = row.degraded_response_ms;
  slot.invert = row.invert === 1;
  slot.recoveryCount = Math.max(1, row.recovery_count);
  configureLocations(slot, row);
}

/** True while failed checks are being retried (not yet down). */
export function isRetrying(slot: Slot): boolean {
  return slot.failures > 0 && slot.failures <= slot.retryCount;
}

/** A check waiting for a free concurrency slot: scheduled, or asked for now. */
export interface ReadyItem {
  slot: Slot;
  kind: 'scheduled' | 'now';
  due: number;
  version: number;
}

/**
 * A heartbeat never pinged stays pending and silent until its first ping (as a new check does in
 * Healthchecks), since the job it watches may well not be installed yet. The engine looks at it again
 * a period later; a ping judges and reschedules it at once.
 */
export function awaitsFirstPing(slot: Slot): boolean {
  return slot.heartbeat && slot.lastPingAt === null;
}
