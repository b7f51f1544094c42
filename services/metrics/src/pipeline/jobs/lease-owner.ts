import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

// Workers alive in this process (tests and embedders may run several): their runs are not orphans
// even though their pid is ours.
const liveInProcess = new Set<string>();

/** A worker identity `host|pid|nonce`: unique per worker, and telling which process held a run. */
export function newLeaseOwner(): string {
  const owner = `${hostname()}|${process.pid}|${randomBytes(4).toString('hex')}`;
  liveInProcess.add(owner);
  return owner;
}

/** Forgets a stopped worker of this process. */
export function releaseLeaseOwner(owner: string): void {
  liveInProcess.delete(owner);
}

/**
 * True when `owner` names a worker of this host that no longer exists (its process is gone, or it was
 * an earlier life of this very pid): its runs cannot be progressing, whatever their lease says.
 */
export function ownerIsGone(owner: string | null): boolean {
  if (owner === null) return true;
  if (liveInProcess.has(owner)) return false;
  const [host, pidText] = owner.split('|');
  if (host !== hostname()) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
