import type { Slot } from './slot.js';

/**
 * Forgets the monitors of shards given up (handed over, or at shutdown) and returns their checks
 * still in flight.
 */
export function releaseSlots(
  slots: Map<number, Slot>,
  shards: number[],
  unschedule: (slot: Slot) => void,
): Promise<void>[] {
  const set = new Set(shards);
  const running: Promise<void>[] = [];
  for (const slot of slots.values()) {
    if (!set.has(slot.shard)) continue;
    slot.gone = 'released';
    unschedule(slot);
    slots.delete(slot.id);
    if (slot.running) running.push(slot.running);
  }
  return running;
}

/**
 * Waits up to `graceMs` for released checks to finish. At shutdown (`abort` given) the rest is
 * aborted (and not recorded); on a hand-over a very slow check is left to finish on its own rather
 * than holding the shard.
 */
export async function settleReleased(
  running: Promise<void>[],
  graceMs: number,
  abort: AbortController | null,
): Promise<void> {
  if (running.length === 0) return;
  const grace = new Promise<void>((r) => setTimeout(r, graceMs).unref());
  await Promise.race([Promise.all(running), grace]);
  if (abort) {
    abort.abort();
    await Promise.all(running);
  }
}
