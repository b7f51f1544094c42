import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One recorded child process group (a file `<pgid>.json` in the registry folder). */
interface GroupRecord {
  /** Lease owner of the worker that spawned it (`host|pid|nonce`). */
  owner: string;
  pgid: number;
  /** The leader's start time in clock ticks since boot (`/proc/<pid>/stat`), to tell a reused pid. */
  start: string | null;
  what: string;
}

/**
 * The process groups of git and pylint children, recorded on disk while they run. Children are spawned
 * detached (their own group, so a timeout kills helpers too), which also means a `kill -9` of the
 * service leaves them running; the next start reads the records of its dead predecessor and kills the
 * groups still alive.
 */
export class ChildGroups {
  constructor(
    private readonly dir: string,
    private readonly owner: string,
  ) {}

  /** Records `child`'s group until it exits. Synchronous, so a record exists before any await. */
  track(child: ChildProcess, what: string): void {
    const pgid = child.pid;
    if (pgid === undefined) return;
    const file = join(this.dir, `${pgid}.json`);
    const record: GroupRecord = { owner: this.owner, pgid, start: startTime(pgid), what };
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(file, JSON.stringify(record));
    } catch {
      return; // no record, no cleanup after a crash: the child itself still works
    }
    child.once('close', () => rmSync(file, { force: true }));
  }

  /**
   * Kills the groups recorded by owners `ownerIsGone` declares dead (a worker of this host whose process
   * is gone), and forgets them. Returns what it killed, for the log.
   */
  reapOrphans(ownerIsGone: (owner: string) => boolean): { pgid: number; what: string }[] {
    const killed: { pgid: number; what: string }[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return killed;
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const file = join(this.dir, name);
      let r: GroupRecord;
      try {
        r = JSON.parse(readFileSync(file, 'utf8')) as GroupRecord;
      } catch {
        rmSync(file, { force: true });
        continue;
      }
      // A live owner (another process on this data folder, or a worker of this one) still manages it;
      // a record of another host cannot be checked from here.
      if (!ownerIsGone(r.owner)) continue;
      if (isOurGroup(r) && killGroup(r.pgid)) killed.push({ pgid: r.pgid, what: r.what });
      rmSync(file, { force: true });
    }
    return killed;
  }
}

// Linux keeps a pid number reserved while it names a live process group, so the group id can only
// have been reused if its leader's pid was; a leader alive with another start time is someone else.
function isOurGroup(r: GroupRecord): boolean {
  if (!Number.isInteger(r.pgid) || r.pgid <= 1) return false;
  const now = startTime(r.pgid);
  return now === null || r.start === null || now === r.start;
}

function killGroup(pgid: number): boolean {
  try {
    process.kill(-pgid, 'SIGKILL');
    return true;
  } catch {
    return false; // ESRCH: the whole group is gone
  }
}

/** Field 22 of `/proc/<pid>/stat`, or null (no such process, or no procfs). */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last `)`.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const current = new AsyncLocalStorage<ChildGroups>();

/** Runs `fn` so that children spawned anywhere inside it (clone, pylint, history) are recorded in `groups`. */
export function withChildGroups<T>(groups: ChildGroups, fn: () => T): T {
  return current.run(groups, fn);
}

/** Records a detached child in the registry of the run being executed, if any. */
export function trackChildGroup(child: ChildProcess, what: string): void {
  current.getStore()?.track(child, what);
}
