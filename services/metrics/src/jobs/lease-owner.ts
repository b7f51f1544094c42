import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A worker identity `host|pid|nonce`: unique per process, and telling which process held a run. */
export function newLeaseOwner(): string {
  return `${hostname()}|${process.pid}|${randomBytes(4).toString('hex')}`;
}

/**
 * True when `owner` names a process of this host that no longer exists (or an earlier life of this
 * pid): its runs cannot be progressing, whatever their lease says.
 */
export function ownerIsGone(owner: string | null, self: string): boolean {
  if (owner === null) return true;
  if (owner === self) return false;
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
