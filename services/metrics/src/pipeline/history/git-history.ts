import { StringDecoder } from 'node:string_decoder';
import { runGit } from '../repo/run-git.js';
import { BreakFolder } from './break-detection.js';
import { type CouplingCounts, type FileChurn, type FileHistory, HistoryTracker } from './history-tracker.js';
import { LOG_FORMAT_ARGS, LOG_FORMAT_ARGS_NO_NAMES, type LogCommit, LogParser } from './log-parser.js';

export type { CouplingCounts, FileChurn, FileHistory } from './history-tracker.js';

/** Options of {@link collectGitHistory}. */
export interface HistoryOptions {
  /** Commit whose files are measured; default HEAD. */
  rev?: string;
  /** Only these current paths (e.g. the discovered files); default every file of the commit. */
  paths?: Iterable<string>;
  /** Split the log into this many commit ranges read by concurrent git processes; default 2 past 2,000 commits. */
  parallelism?: 1 | 2;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Also collect what the history insights need (coupling, author names); default true. */
  insights?: boolean;
}

/** Days before the analysed commit that make the recent window of churn. */
export const RECENT_DAYS = 90;
/** Commits changing more paths than this are left out of change coupling. */
export const MAX_COUPLING_COMMIT_FILES = 50;

/** Everything one history pass yields. */
export interface HistoryRun {
  /** False for a shallow clone: its history would be a misleading single commit. */
  available: boolean;
  /** Commits the log read, merges included. */
  commitsRead: number;
  /** Author time (epoch seconds) of the analysed commit. */
  headTime: number;
  files: Map<string, FileHistory>;
  churn: Map<string, FileChurn>;
  /** Null when read without insights. */
  coupling: CouplingCounts | null;
  /** Author names by lower-case e-mail (empty without insights). */
  names: Map<string, string>;
}

// Forced so the user's config can neither slow the pass (external diff, textconv) nor change its shape.
const CONFIG_ARGS = ['-c', 'core.hooksPath=/dev/null'];
const DIFF_ARGS = ['-M', '--no-ext-diff', '--no-textconv', '--no-color'];
const LOG_ARGS = [
  ...CONFIG_ARGS,
  'log',
  // Merges are read (they come with no changes) so each commit's parents are known: a name is
  // followed per line of history, and lines meet again at merges.
  '--topo-order',
  ...DIFF_ARGS,
];

const SPLIT_THRESHOLD = 2000;

/** Thrown when git fails or times out while reading history. */
export class HistoryError extends Error {
  override readonly name = 'HistoryError';
}

export async function gitText(dir: string, args: string[], opts: HistoryOptions): Promise<string> {
  const res = await runGit(args, { cwd: dir, timeoutMs: opts.timeoutMs, signal: opts.signal });
  if (res.code !== 0)
    throw new HistoryError(res.timedOut ? 'git history timed out' : `git ${args[0]} failed`);
  return res.stdout;
}

/** The given commits diffed again with break detection, as the log reads them (see BreakFolder). */
export async function rediff(
  dir: string,
  shas: string[],
  opts: HistoryOptions,
): Promise<Map<string, LogCommit>> {
  const format = opts.insights === false ? LOG_FORMAT_ARGS_NO_NAMES : LOG_FORMAT_ARGS;
  const args = [...CONFIG_ARGS, 'diff-tree', '--stdin', '-r', '--root', '-B', ...DIFF_ARGS, ...format];
  const res = await runGit(args, {
    cwd: dir,
    stdin: `${shas.join('\n')}\n`,
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  if (res.code !== 0) {
    throw new HistoryError(
      res.timedOut ? 'git history timed out' : `git diff-tree failed: ${res.stderr.trim().slice(0, 200)}`,
    );
  }
  const out = new Map<string, LogCommit>();
  const parser = new LogParser((c) => out.set(c.sha, c));
  parser.push(res.stdout);
  parser.end();
  return out;
}

/** Streams one `git log` over `range` into `onCommit`, decoding UTF-8 across chunk boundaries. */
export async function streamLog(
  dir: string,
  range: string[],
  opts: HistoryOptions,
  onCommit: (c: LogCommit) => void,
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const parser = new LogParser(onCommit);
  const format = opts.insights === false ? LOG_FORMAT_ARGS_NO_NAMES : LOG_FORMAT_ARGS;
  const res = await runGit([...LOG_ARGS, ...format, ...range, '--'], {
    cwd: dir,
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    onStdout: (chunk) => parser.push(decoder.write(chunk)),
  });
  if (res.code !== 0) {
    throw new HistoryError(
      res.timedOut ? 'git history timed out' : `git log failed: ${res.stderr.trim().slice(0, 200)}`,
    );
  }
  parser.push(decoder.end());
  parser.end();
}

/**
 * Git-history metrics of every file at `rev`, following renames backwards, from one streamed pass of
 * `git log -M --numstat` (optionally two concurrent passes over disjoint commit ranges, folded in
 * order). Returns an empty map for a shallow clone: its history would be a misleading single commit.
 */
export async function collectGitHistory(
  dir: string,
  opts: HistoryOptions = {},
): Promise<Map<string, FileHistory>> {
  return (await readGitHistory(dir, { insights: false, ...opts })).files;
}

/**
 * The history columns and, from the same pass, churn, recency, authorship and change coupling (issue
 * 17). Coupling stays exact across the split: each commit's touched files are kept as name holders and
 * resolved after both ranges are folded.
 */
export async function readGitHistory(dir: string, opts: HistoryOptions = {}): Promise<HistoryRun> {
  const rev = opts.rev ?? 'HEAD';
  const insights = opts.insights ?? true;
  const [shallow, head] = await Promise.all([
    gitText(dir, ['rev-parse', '--is-shallow-repository'], opts),
    gitText(dir, ['log', '-1', '--format=%H %at', rev, '--'], opts),
  ]);
  const [sha = '', timeText = '0'] = head.trim().split(' ');
  const headTime = Number(timeText);
  if (shallow.trim() === 'true') {
    return {
      available: false,
      commitsRead: 0,
      headTime,
      files: new Map(),
      churn: new Map(),
      coupling: null,
      names: new Map(),
    };
  }
  const paths =
    opts.paths ??
    (await gitText(dir, ['ls-tree', '-r', '-z', '--name-only', sha], opts))
      .split('\0')
      .filter((p) => p !== '');
  const tracker = new HistoryTracker(paths, {
    recentSince: headTime - RECENT_DAYS * 86_400,
    insights,
    maxCommitFiles: MAX_COUPLING_COMMIT_FILES,
  });
  const folder = new BreakFolder(
    (shas) => rediff(dir, shas, opts),
    (c) => tracker.apply(c),
  );
  const split = await splitPoint(dir, sha, opts);
  if (split === undefined) {
    await streamLog(dir, [sha], opts, (c) => folder.push(c));
  } else {
    // The newer range is folded as it streams; the older one, read at the same time on the other core,
    // is parsed into memory and folded after (renames must be followed newest first).
    const older: LogCommit[] = [];
    await Promise.all([
      streamLog(dir, [`^${split}`, sha], opts, (c) => folder.push(c)),
      streamLog(dir, [split], opts, (c) => older.push(c)),
    ]);
    for (const c of older) folder.push(c);
  }
  await folder.end();
  return {
    available: true,
    commitsRead: tracker.commits,
    headTime,
    files: tracker.result(headTime),
    churn: tracker.churn(),
    coupling: insights ? tracker.coupling() : null,
    names: tracker.authorNames(),
  };
}

// `^X sha` and `X` partition the commits reachable from sha (the second holds X's ancestors), and every
// commit of the first range is newer than any it shares a line with, so folding them in order is exact.
export async function splitPoint(
  dir: string,
  sha: string,
  opts: HistoryOptions,
): Promise<string | undefined> {
  const parallelism = opts.parallelism;
  if (parallelism === 1) return undefined;
  const list = (await gitText(dir, ['rev-list', '--first-parent', sha, '--'], opts))
    .split('\n')
    .filter(Boolean);
  if (list.length < 2 || (parallelism === undefined && list.length < SPLIT_THRESHOLD)) return undefined;
  return list[Math.floor(list.length / 2)];
}
