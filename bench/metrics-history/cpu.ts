import { readFileSync } from 'node:fs';

/**
 * CPU seconds of this process plus its reaped children (git, pylint), from /proc on Linux: wall time
 * alone means little on a machine shared with other jobs.
 */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // not Linux: children unknown
  }
  return (own.user + own.system) / 1e6 + children;
}

/** Wall and CPU seconds of one measured call. */
export interface Sample {
  wall: number;
  cpu: number;
}

/** Runs `fn` and measures it. */
export async function timed(fn: () => Promise<unknown>): Promise<Sample> {
  const t = performance.now();
  const c = cpuSeconds();
  await fn();
  return { wall: (performance.now() - t) / 1000, cpu: cpuSeconds() - c };
}

/** `best wall, best CPU` of several samples. */
export function best(xs: Sample[]): string {
  const wall = Math.min(...xs.map((x) => x.wall));
  const cpu = Math.min(...xs.map((x) => x.cpu));
  return `${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU`;
}
