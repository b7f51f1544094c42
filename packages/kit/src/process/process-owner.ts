import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/*
 * Lease owners that say which process holds them: `host|pid|start|nonce`, where `start` is
 * `<boot id>:<start time in clock ticks>` read from /proc (empty where /proc is missing). A
 * restarted service reading a lease can then tell its own dead predecessor (same host, process
 * gone) from a live instance, and take the lease at once instead of waiting for it to expire.
 * The pid alone is not enough: after a restart the old pid may belong to an unrelated process (or,
 * in a container, to the new instance itself), so the start time must match too.
 */

// Owners alive in this process (tests and embedders may run several): not gone although their
// pid and start time are ours.
const liveInProcess = new Set<string>();

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Fields 3 onwards of /proc/<pid>/stat, or null when unknown (no /proc, no such process). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process's start time in clock ticks since boot (field 22), or null when unknown. */
function startTicks(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

/** A process that has exited but was not reaped by its parent yet still answers kill(pid, 0). */
function isZombie(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

/** `<boot id>:<start ticks>` of a process, or '' when it cannot be read. */
function startOf(pid: number): string {
  const boot = bootId();
  const ticks = startTicks(pid);
  return boot && ticks ? `${boot}:${ticks}` : '';
}

/** The owner identity of process `pid` on this host (its start read now); tests build foreign owners with it. */
export function processOwnerOf(pid: number, nonce = randomBytes(4).toString('hex')): string {
  return `${hostname()}|${pid}|${startOf(pid)}|${nonce}`;
}

/** A new owner identity for a lease holder in this process; forget it with releaseProcessOwner. */
export function newProcessOwner(): string {
  const owner = processOwnerOf(process.pid);
  liveInProcess.add(owner);
  return owner;
}

/** Forgets a stopped lease holder of this process. */
export function releaseProcessOwner(owner: string): void {
  liveInProcess.delete(owner);
}

/**
 * True only when `owner` (from processOwnerOf/newProcessOwner) certainly names a process of this
 * host that no longer runs: its pid is gone, or now belongs to a process started at another time
 * (or before a reboot), or it was an earlier holder of this very process. Anything it cannot judge
 * (another host, another format, a live process) is false: such leases must be left to expire.
 */
export function ownerProcessGone(owner: string | null): boolean {
  if (owner === null || liveInProcess.has(owner)) return false;
  const parts = owner.split('|');
  if (parts.length !== 4) return false;
  const [host, pidText, start] = parts as [string, string, string, string];
  if (host !== hostname()) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (start !== '') {
    const [boot] = start.split(':');
    const nowBoot = bootId();
    if (nowBoot !== null && boot !== nowBoot) return true;
  }
  if (pid === process.pid) {
    // Our pid: either this very process (a holder it no longer runs) or an earlier life of the
    // pid, e.g. PID 1 of a restarted container. Either way nobody is renewing it.
    return true;
  }
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user; fall through to the start-time comparison.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  if (isZombie(pid)) return true;
  const now = startOf(pid);
  return start !== '' && now !== '' && now !== start;
}
