// Incremental history (issue 38): the pass over commit Y replays what a pass over an analysed
// ancestor X read, and asks git only for `X..Y`.
//
// Why the log is cached rather than the per-file totals: which file a path means is decided per line
// of history, walking from Y back (renames on one branch, creations on another, lines meeting at
// merges: see NameState), and the 90-day window and the ages are relative to Y. Totals made for X
// cannot be shifted to Y; the commits X's pass folded can be folded again for Y. What the pass pays
// for is git (rename detection and line counts for every commit, break detection for some); folding
// thousands of parsed commits in JavaScript costs a fraction of that. A commit's parsed form does not
// depend on the range it was read in (`git log` diffs each commit with its first parent, `-B` is asked
// per commit), so a replay is the full pass by construction; the identity tests hold it to that.
import { gunzipSync, gzipSync } from 'node:zlib';
import { BreakFolder } from './break-detection.js';
import {
  gitText,
  type HistoryOptions,
  type HistoryRun,
  MAX_COUPLING_COMMIT_FILES,
  RECENT_DAYS,
  rediff,
  splitPoint,
  streamLog,
} from './git-history.js';
import { HistoryTracker } from './history-tracker.js';
import type { LogCommit } from './log-parser.js';

/** What one analysed commit's pass read since its base: the unit the store keeps. */
export interface HistorySegment {
  commitSha: string;
  /** The analysed ancestor whose chain this continues; null when this one reaches the root. */
  baseSha: string | null;
  /** Commits of the whole chain (this segment's and its base's, down to the root). */
  total: number;
  commits: LogCommit[];
}

/** An analysed commit with a stored segment: its `.mailmap` and its chain's commit count. */
export interface SegmentHead {
  commit_sha: string;
  mailmap: string;
  total: number;
}

/** Where segments live (the database in the service, a map in tests). */
export interface SegmentStore {
  /** The repository's analysed commits with a segment (recently used first, at most a few hundred). */
  heads(): Promise<SegmentHead[]>;
  get(sha: string, mailmap: string): Promise<HistorySegment | null>;
  put(seg: HistorySegment, mailmap: string): Promise<void>;
  /** The chain's segments were read (least recently used pruning). */
  touch(shas: string[], mailmap: string): Promise<void>;
}

/** Why a pass walked everything. */
export type FullReason =
  | 'first_analysis' // no earlier commit of this repository was analysed with full history
  | 'not_an_ancestor' // analysed commits exist, none is an ancestor (a force-push rewrote the history)
  | 'mailmap_changed' // analysed ancestors exist, under another `.mailmap`
  | 'chain_incomplete'; // a segment of the base's chain was pruned

/** How much a pass reused (the run's `cache.git_history`). */
export interface HistoryReuse {
  mode: 'incremental' | 'full';
  /** The analysed ancestor replayed (null for a full pass). */
  base_commit: string | null;
  /** Commits git read in this pass. */
  commits_walked: number;
  /** Commits replayed from earlier passes. */
  commits_reused: number;
  /** Why a full pass (null for an incremental one). */
  reason: FullReason | null;
}

export interface IncrementalResult {
  history: HistoryRun;
  /** Null when the clone is shallow (no history to walk or reuse). */
  reuse: HistoryReuse | null;
}

/** Segments a chain may have before a new pass stores the whole history again (one read, not 32). */
const COMPACT_AFTER = 32;

/** Payload of a segment as stored: gzip of JSON, commits in fold order. */
export function encodeSegment(commits: LogCommit[]): Buffer {
  return gzipSync(JSON.stringify(commits), { level: 6 });
}

export function decodeSegment(payload: Buffer): LogCommit[] {
  return JSON.parse(gunzipSync(payload).toString('utf8')) as LogCommit[];
}

/**
 * `readGitHistory` with reuse: finds the analysed ancestor of `rev` with the longest stored chain
 * (the fewest commits left to walk), folds `base..rev` as git reads it, then the chain's commits, and
 * stores `base..rev` as the new commit's segment. No usable ancestor: the full pass, stored as a
 * segment that reaches the root, and `reuse.reason` says why.
 */
export async function readHistoryIncremental(
  dir: string,
  store: SegmentStore,
  opts: HistoryOptions & { compactAfter?: number } = {},
): Promise<IncrementalResult> {
  const [shallow, head, mailmap] = await Promise.all([
    gitText(dir, ['rev-parse', '--is-shallow-repository'], opts),
    gitText(dir, ['log', '-1', '--format=%H %at', opts.rev ?? 'HEAD', '--'], opts),
    mailmapId(dir, opts),
  ]);
  const [sha = '', timeText = '0'] = head.trim().split(' ');
  const headTime = Number(timeText);
  if (shallow.trim() === 'true') {
    // A shallow source: its history would be a misleading single commit, as for the full pass.
    const none = { available: false, commitsRead: 0, headTime, coupling: null };
    return {
      history: { ...none, files: new Map(), churn: new Map(), names: new Map() },
      reuse: null,
    };
  }
  const paths =
    opts.paths ??
    (await gitText(dir, ['ls-tree', '-r', '-z', '--name-only', sha], opts))
      .split('\0')
      .filter((p) => p !== '');
  const tracker = new HistoryTracker(paths, {
    recentSince: headTime - RECENT_DAYS * 86_400,
    insights: true,
    maxCommitFiles: MAX_COUPLING_COMMIT_FILES,
  });
  const found = await findBase(dir, sha, mailmap, store, opts);
  const chain = found.base === null ? null : await loadChain(store, found.base, mailmap);
  const base = chain === null ? null : found.base;
  const reason: FullReason | null =
    base !== null ? null : found.base !== null ? 'chain_incomplete' : found.reason;

  const walked: LogCommit[] = [];
  const folder = new BreakFolder(
    (shas) => rediff(dir, shas, opts),
    (c) => {
      walked.push(c);
      tracker.apply(c);
    },
  );
  if (base === sha) {
    // The very commit again: nothing to walk.
  } else if (base !== null) {
    await streamLog(dir, [`^${base}`, sha], opts, (c) => folder.push(c));
  } else {
    const split = await splitPoint(dir, sha, opts);
    if (split === undefined) await streamLog(dir, [sha], opts, (c) => folder.push(c));
    else {
      const older: LogCommit[] = [];
      await Promise.all([
        streamLog(dir, [`^${split}`, sha], opts, (c) => folder.push(c)),
        streamLog(dir, [split], opts, (c) => older.push(c)),
      ]);
      for (const c of older) folder.push(c);
    }
  }
  await folder.end();
  // `base..sha` holds no ancestor of base, and base's chain holds exactly base's ancestors: the
  // concatenation is children before parents, as the tracker needs.
  let reused = 0;
  for (const seg of chain ?? []) {
    for (const c of seg.commits) tracker.apply(c);
    reused += seg.commits.length;
  }
  // Stored unless it is already (the same commit again); a full pass over a commit whose own segment
  // lost its chain replaces that segment.
  if (base !== sha) {
    // A long chain costs a read per segment: past `compactAfter` segments the new one holds the
    // whole history (in the same fold order), and the chain starts again from it.
    const compact = chain !== null && chain.length >= (opts.compactAfter ?? COMPACT_AFTER);
    const commits = compact ? [...walked, ...chain.flatMap((seg) => seg.commits)] : walked;
    await store.put(
      { commitSha: sha, baseSha: compact ? null : base, total: walked.length + reused, commits },
      mailmap,
    );
  }
  if (chain !== null)
    await store.touch(
      chain.map((s) => s.commitSha),
      mailmap,
    );
  return {
    history: {
      available: true,
      commitsRead: tracker.commits,
      headTime,
      files: tracker.result(headTime),
      churn: tracker.churn(),
      coupling: tracker.coupling(),
      names: tracker.authorNames(),
    },
    reuse: {
      mode: base === null ? 'full' : 'incremental',
      base_commit: base,
      commits_walked: walked.length,
      commits_reused: reused,
      reason,
    },
  };
}

// The blob id of the analysed commit's `.mailmap` ('' without one): git log maps authors through the
// work tree's copy, which is the analysed commit's.
async function mailmapId(dir: string, opts: HistoryOptions): Promise<string> {
  const out = await gitText(dir, ['ls-tree', opts.rev ?? 'HEAD', '--', '.mailmap'], opts);
  return /^\d+ blob ([0-9a-f]+)\t/.exec(out)?.[1] ?? '';
}

/** The analysed ancestor with the longest chain under this `.mailmap`, or why there is none. */
async function findBase(
  dir: string,
  sha: string,
  mailmap: string,
  store: SegmentStore,
  opts: HistoryOptions,
): Promise<{ base: string | null; reason: FullReason }> {
  const heads = await store.heads();
  if (heads.some((h) => h.commit_sha === sha && h.mailmap === mailmap))
    return { base: sha, reason: 'first_analysis' };
  if (heads.length === 0) return { base: null, reason: 'first_analysis' };
  // Ancestry asked of git once for all candidates: every commit reachable from sha.
  const ancestors = new Set((await gitText(dir, ['rev-list', sha, '--'], opts)).split('\n'));
  let best: SegmentHead | null = null;
  let otherMailmap = false;
  for (const h of heads) {
    if (!ancestors.has(h.commit_sha)) continue;
    if (h.mailmap !== mailmap) otherMailmap = true;
    else if (best === null || h.total > best.total) best = h;
  }
  if (best) return { base: best.commit_sha, reason: 'first_analysis' };
  return { base: null, reason: otherMailmap ? 'mailmap_changed' : 'not_an_ancestor' };
}

/** The segments from `base` down to the root, or null when one of them is missing. */
async function loadChain(
  store: SegmentStore,
  base: string,
  mailmap: string,
): Promise<HistorySegment[] | null> {
  const out: HistorySegment[] = [];
  let next: string | null = base;
  while (next !== null) {
    const seg = await store.get(next, mailmap);
    if (seg === null) return null;
    out.push(seg);
    next = seg.baseSha;
  }
  return out;
}
