import { GitTreeError } from '../pipeline/cache/git-tree.js';
import { runGit } from '../pipeline/repo/run-git.js';
import type { HistorySpec } from './history-spec.js';

/** A commit of the first-parent line. */
export interface LineCommit {
  sha: string;
  /** Committer date, epoch ms. */
  date: number;
}

/** The first-parent line from HEAD back (newest first), only commits on or after `since` when given. */
export async function firstParentLine(
  dir: string,
  since: string | null,
  signal?: AbortSignal,
): Promise<LineCommit[]> {
  const args = ['log', '--first-parent', '--format=%H %ct'];
  if (since) args.push(`--since=${since}T00:00:00Z`);
  args.push('HEAD', '--');
  const res = await runGit(args, { cwd: dir, signal });
  signal?.throwIfAborted();
  if (res.code !== 0) throw new GitTreeError(`git log failed: ${res.stderr.trim().slice(0, 200)}`);
  return res.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [sha = '', s = '0'] = l.split(' ');
      return { sha, date: Number(s) * 1000 };
    });
}

/**
 * At most `n` of `earlier` (newest first), evenly spaced over the whole list and always ending at its
 * oldest commit: with M > n earlier commits, the i-th pick (1..n) is number round(i·M/n).
 */
export function evenlySpaced<T>(earlier: T[], n: number): T[] {
  const m = earlier.length;
  if (m <= n) return [...earlier];
  const out: T[] = [];
  for (let i = 1; i <= n; i++) out.push(earlier[Math.round((i * m) / n) - 1] as T);
  return out;
}

/** The earlier commits a history run measures (newest first): HEAD itself is the run's own commit. */
export async function selectCommits(
  dir: string,
  spec: HistorySpec,
  signal?: AbortSignal,
): Promise<LineCommit[]> {
  const line = await firstParentLine(dir, spec.since, signal);
  // With `since`, HEAD may itself be older than the date: then nothing earlier qualifies either.
  const earlier = line.length > 0 && line[0] !== undefined ? line.slice(1) : [];
  return evenlySpaced(earlier, spec.commits);
}
