import { readFileSync } from 'node:fs';

/** The 1, 5 and 15 minute load averages, as one string for a benchmark's line. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * CPU seconds of this process (all threads) and its waited-for children (git, pylint), from /proc on
 * Linux: utime, stime, cutime and cstime, in clock ticks of 1/100 s.
 */
export function procCpuSeconds(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}
