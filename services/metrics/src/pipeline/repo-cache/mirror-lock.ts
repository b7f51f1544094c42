// One lease per bare mirror, in the database (table repo_mirror_locks): a worker fetches into a mirror
// or clones from it only while it holds the mirror's lease. In the database rather than a lock file
// because it then holds everywhere the queue does: the workers of one process, several processes,
// several instances, and instances whose DATA_DIRs share one volume (NFS, where advisory file locks
// are unreliable). A worker killed with -9 leaves a lease that another takes at once when the holder's
// process is gone from this host (the worker's ownerIsGone, as runs are taken over), or once it has
// expired.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { mirrorLocksRepo } from '../../store/repos/mirror-locks-repo.js';
import type { MetricsDB } from '../../store/schema.js';

/** How often a waiting worker asks again (in-process releases wake it at once). */
const RETRY_MS = 250;

// Releases in this process wake the workers of this process waiting for the same mirror.
const waiters = new Map<string, Set<() => void>>();

function wake(key: string): void {
  for (const w of waiters.get(key) ?? []) w();
}

/** A held lease: renewed in the background until released. */
export interface MirrorLock {
  readonly key: string;
  /** Aborted when the lease was lost (renewal failed): the holder must stop using the mirror. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface LockOptions {
  db: Kysely<MetricsDB>;
  owner: string;
  /** Lease length; renewed every third of it. */
  leaseMs: number;
  signal?: AbortSignal;
  /** Give up (return null) at this time (epoch ms). */
  deadline?: number;
  /** Whether a holder is a worker of this host that no longer exists (the worker's `ownerIsGone`). */
  ownerIsGone?: (owner: string) => boolean;
}

/** Takes the lease of `key` if it is free now; null otherwise (the evictor skips mirrors in use). */
export async function tryLockMirror(key: string, o: LockOptions): Promise<MirrorLock | null> {
  const now = Date.now();
  // One worker may run several analyses at once: each taking gets a holder of its own
  // (`<owner>#<nonce>`), and a holder is dead when its worker is.
  const holder = `${o.owner}#${randomBytes(4).toString('hex')}`;
  const gone = o.ownerIsGone ?? (() => false);
  const isGone = (h: string): boolean => gone(h.split('#')[0] ?? h);
  const taken = await mirrorLocksRepo.tryTake(o.db, key, holder, now, now + o.leaseMs, isGone);
  return taken ? held(key, { ...o, owner: holder }) : null;
}

/**
 * Waits for the lease of `key`. Null when `deadline` passed first; throws the signal's reason when
 * aborted (cancel, stop) while waiting.
 */
export async function lockMirror(key: string, o: LockOptions): Promise<MirrorLock | null> {
  for (;;) {
    o.signal?.throwIfAborted();
    const lock = await tryLockMirror(key, o);
    if (lock) return lock;
    if (o.deadline !== undefined && Date.now() >= o.deadline) return null;
    await new Promise<void>((resolve) => {
      const set = waiters.get(key) ?? new Set<() => void>();
      waiters.set(key, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) waiters.delete(key);
        o.signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, RETRY_MS);
      set.add(done);
      o.signal?.addEventListener('abort', done, { once: true });
    });
  }
}

function held(key: string, o: LockOptions): MirrorLock {
  const lost = new AbortController();
  let released = false;
  const timer = setInterval(
    () => {
      void mirrorLocksRepo
        .renew(o.db, key, o.owner, Date.now() + o.leaseMs)
        .then((ok) => {
          if (!ok && !released) lost.abort(new Error('the repository cache lock was lost'));
        })
        .catch(() => {});
    },
    Math.max(50, Math.floor(o.leaseMs / 3)),
  );
  timer.unref();
  return {
    key,
    lost: lost.signal,
    async release(): Promise<void> {
      if (released) return;
      released = true;
      clearInterval(timer);
      try {
        await mirrorLocksRepo.release(o.db, key, o.owner);
      } finally {
        wake(key);
      }
    },
  };
}
