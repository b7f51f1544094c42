import { readdirSync, readFileSync } from 'node:fs';

/**
 * Chromium processes started by this service carry a flag naming their owner: the service's pid and
 * its start time (`--app-monitor-owner=<pid>.<start>`; Chromium ignores flags it does not know).
 * Playwright starts the browser as the leader of its own process group, so a crash of the service,
 * `kill -9` included, leaves the group running; the next start finds groups whose owner is gone and
 * kills them (the metrics service does the same for its git and pylint children, with records on
 * disk; a flag on the command line needs none, and survives a data folder being wiped).
 */
export const OWNER_FLAG = '--app-monitor-owner=';

/** Field 22 of `/proc/<pid>/stat` (start time in clock ticks), or null when there is no such process. */
export function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last `)`.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function pgidOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

/** This process's owner flag. */
export function ownerFlag(): string {
  return `${OWNER_FLAG}${process.pid}.${startTime(process.pid) ?? 'unknown'}`;
}

const pids = (): number[] =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number);

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** Browser group leaders carrying an owner flag, with the owner they name. */
export function flaggedBrowsers(): { pid: number; ownerPid: number; ownerStart: string }[] {
  const out: { pid: number; ownerPid: number; ownerStart: string }[] = [];
  for (const pid of pids()) {
    const flag = cmdline(pid).find((a) => a.startsWith(OWNER_FLAG));
    if (!flag || pgidOf(pid) !== pid) continue;
    const [ownerPid, ownerStart] = flag.slice(OWNER_FLAG.length).split('.');
    out.push({ pid, ownerPid: Number(ownerPid), ownerStart: ownerStart ?? '' });
  }
  return out;
}

/**
 * Kills the process groups of browsers whose owner is no longer running (its pid is gone, or now
 * names a process started at another time). Returns the pids of the groups killed.
 */
export function reapOrphanBrowsers(): number[] {
  const killed: number[] = [];
  let found: ReturnType<typeof flaggedBrowsers>;
  try {
    found = flaggedBrowsers();
  } catch {
    return killed; // no procfs: nothing to find
  }
  for (const b of found) {
    if (startTime(b.ownerPid) === b.ownerStart) continue;
    try {
      process.kill(-b.pid, 'SIGKILL');
      killed.push(b.pid);
    } catch {
      // ESRCH: gone meanwhile
    }
  }
  return killed;
}

/** Resident memory of a process group in bytes (every process of the group, renderers included). */
export function groupRssBytes(pgid: number): number {
  let total = 0;
  for (const pid of pids()) {
    if (pgidOf(pid) !== pgid) continue;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/**
 * CPU seconds of a process group: its processes' own time and that of the children they reaped
 * (Chromium's renderers, once their context is closed), in clock ticks of 1/100 s. For benchmarks.
 */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of pids()) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / 100;
}

/** Proportional memory (PSS: shared pages split among their users) of a process group, in bytes. */
export function groupPssBytes(pgid: number): number {
  let total = 0;
  for (const pid of pids()) {
    if (pgidOf(pid) !== pgid) continue;
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
