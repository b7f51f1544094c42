import type { Logger } from '@app/kit';
import type { AnalyzerPool, FileAnalysis } from '@app/pyscan';
import type { BlobCache } from '../pipeline/cache/blob-cache.js';
import type { TreeEntry } from '../pipeline/cache/git-tree.js';
import type { RunEnv } from '../pipeline/stages/run-env.js';
import { RunGone } from '../pipeline/stages/run-gone.js';
import type { StageReporter } from '../pipeline/stages/stage-reporter.js';
import type { AnalysisRow } from '../store/repos/analyses-repo.js';
import { type CopiedFiles, CopyMismatch, historyRunsRepo } from '../store/repos/history-runs-repo.js';
import { manifestsRepo } from '../store/repos/manifests-repo.js';
import { BlobReader } from './blob-reader.js';
import { childResults, childSummary } from './child-rows.js';
import { type CommitFileRules, commitFiles } from './commit-files.js';
import { encodeManifest, manifestOf, manifestOids } from './commit-manifest.js';
import { planCopy, type StoredCommit } from './copy-plan.js';
import type { Prefetched } from './prefetch.js';
import type { LineCommit } from './select-commits.js';
import { TreeLister } from './tree-lister.js';

/** What a history run needs from the run around it. */
export interface HistoryInput {
  env: RunEnv;
  row: AnalysisRow;
  /** The clone, made whole by `prefetchHistory` (its object store is read; its work tree is never touched). */
  dir: string;
  /** The parent's ref_used (the per-commit runs carry it). */
  refUsed: string;
  /** The discovery rules the analysed commit used (its exclusions and test rule apply to every commit). */
  rules: CommitFileRules;
  /** The picked commits, their Python contents being fetched (`prefetchHistory`). */
  prefetch: Promise<Prefetched>;
  /**
   * Resolves when the run reaches its history stage: until then the first commits are measured
   * (up to EARLY of them), not stored or reported.
   */
  begin: Promise<void>;
  /** The run's signal, also aborted when the run fails elsewhere before awaiting the pass. */
  signal: AbortSignal;
  /** The per-commit runs' settings. */
  childSettings: Record<string, unknown>;
  cache: BlobCache;
  pool: AnalyzerPool;
  report: StageReporter;
  log: Logger;
}

/** One commit listed and measured, ready to store. */
interface Measured {
  files: TreeEntry[];
  analyses: FileAnalysis[];
  /** Contents pyscan measured for this commit (the others came from the cache or an earlier commit). */
  measured: number;
  t0: number;
}

// Commits listed and measured ahead of the one being stored: the pool stays busy while the event
// loop stores, and memory holds the results of a few commits only.
const LOOKAHEAD = 2;
// Commits measured before the history stage begins (while the analysed commit's outputs are made).
const EARLY = 8;

/** How a history run went: commits measured now, and kept from an earlier attempt. */
export interface HistoryOutcome {
  commits: number;
  reused: number;
}

/**
 * Measures the selected earlier commits one after another (newest first), each from its tree listing
 * (read through `git cat-file`, folders unchanged since the previous commit not read again):
 * contents already known come from the cache, the rest are read with `git cat-file --batch` and
 * measured on the pool; each commit is stored as its own run as soon as it is measured, while the
 * next ones (up to LOOKAHEAD) are being measured.
 */
export async function runHistoryCommits(i: HistoryInput): Promise<HistoryOutcome> {
  const { env, row, dir, cache, report } = i;
  const signal = i.signal;
  const commits = await pickedCommits(i);
  const stored = new Set((await historyRunsRepo.children(env.deps.db, row.id)).map((c) => c.commit_sha));
  // Two long-lived `git cat-file` processes for the whole run: contents (trees, blobs) and sizes.
  const reader = new BlobReader(dir, signal);
  const sizes = new BlobReader(dir, signal, 'info');
  // Sizes of Python files only: in a partial clone, another blob's size would cost a fetch of its own.
  const lister = new TreeLister(reader, sizes, (name) => name.endsWith('.py'));
  // Blob ids of each commit listed and not yet stored: the cache keeps their results in memory.
  const live = new Map<number, Set<string>>();
  let listing: Promise<unknown> = Promise.resolve();
  const measure = (k: number): Promise<Measured> => {
    const c = commits[k]!;
    // Listings one after another (each reuses the folders of the one before), measuring overlaps.
    const listed = listing.then(() => lister.list(c.sha));
    listing = listed.catch(() => {});
    return listed.then(async (tree) => {
      const t0 = Date.now();
      const files = commitFiles(tree, i.rules);
      live.set(k, new Set(files.map((f) => f.oid)));
      let measured = 0;
      const analyses = await cache.resolve(
        files.map((f) => ({ path: f.path, oid: f.oid })),
        async (item) => {
          measured++;
          return i.pool.analyzeSourceJson(await reader.read(item.oid ?? ''), item.path);
        },
        undefined,
        signal,
      );
      return { files, analyses, measured, t0 };
    });
  };
  const ahead = new Map<number, Promise<Measured>>();
  let next = 0;
  let writing: Promise<void> = Promise.resolve();
  let previous: StoredCommit | null = null;
  let reused = 0;
  // Contents this history run has pinned (a resumed run pins again: pinning is idempotent).
  const pinned = new Set<string>();
  // Where the time goes, for the log: waiting for measurements (listing, reading, pyscan) and storing.
  let waitMs = 0;
  let writeMs = 0;
  try {
    for (; next < commits.length && next < EARLY; next++) {
      if (stored.has(commits[next]!.sha)) continue;
      const p = measure(next);
      p.catch(() => {});
      ahead.set(next, p);
    }
    await untilAborted(i.begin, signal);
    await report.stage('history');
    report.progress(0, commits.length);
    for (let k = 0; k < commits.length; k++) {
      const c = commits[k]!;
      signal.throwIfAborted();
      // The pool measures the next commits while this one is stored.
      for (; next < commits.length && next <= k + LOOKAHEAD; next++) {
        if (stored.has(commits[next]!.sha)) continue;
        const p = measure(next);
        p.catch(() => {});
        ahead.set(next, p);
      }
      const done = k + 1;
      if (stored.has(c.sha)) {
        reused++;
        writing = writing.then(() => report.commit(done, commits.length, tick(c, 0, 0, true, 0)));
        continue;
      }
      const w = Date.now();
      const m = await ahead.get(k)!;
      ahead.delete(k);
      waitMs += Date.now() - w;
      // Results of blobs no commit from this one on uses are dropped (memory stays bounded).
      for (const j of live.keys()) if (j < k) live.delete(j);
      const keep = new Set<string>();
      for (const oids of live.values()) for (const o of oids) keep.add(o);
      cache.retain(keep);
      // One write at a time, in commit order.
      await writing;
      const w0 = Date.now();
      writing = store(i, c, m.files, m.analyses, previous, m.t0, pinned).then((s) => {
        previous = s;
        writeMs += Date.now() - w0;
        report.commit(done, commits.length, tick(c, m.files.length, m.measured, false, Date.now() - m.t0));
      });
      writing.catch(() => {});
    }
    await writing;
  } finally {
    reader.close();
    sizes.close();
  }
  await cache.flush();
  i.log.info({ commits: commits.length, reused, waitMs, writeMs }, 'history commits done');
  return { commits: commits.length, reused };
}

/**
 * Stores one commit as a per-commit run. With the content cache, by reference: its summary and a
 * manifest of its files, whose results are the cache's payloads (pinned for the history run), rows
 * written when first read. Without it, as rows: those of files unchanged since `previous` (same path,
 * same blob) are copied from it inside the database, only the others' rows are sent.
 */
async function store(
  i: HistoryInput,
  c: LineCommit,
  files: TreeEntry[],
  analyses: FileAnalysis[],
  previous: StoredCommit | null,
  startedAt: number,
  pinned: Set<string>,
): Promise<StoredCommit> {
  const now = Date.now();
  const info = {
    repoUrl: i.row.repo_url,
    ref: i.refUsed,
    commitSha: c.sha,
    durationMs: now - startedAt,
    now,
  };
  const base = {
    commitSha: c.sha,
    commitDate: c.date,
    refUsed: i.refUsed,
    settings: i.childSettings,
    startedAt,
    now,
  };
  if (i.cache.enabled) {
    const manifest = manifestOf(files, analyses);
    // Pinned before the payloads are stored, so that no pruning can come between.
    const fresh = manifestOids(manifest).filter((o) => !pinned.has(o));
    await manifestsRepo.pin(i.env.deps.db, i.row.id, fresh, i.cache.version);
    for (const o of fresh) pinned.add(o);
    await i.cache.flush();
    const id = await historyRunsRepo.insertChild(i.env.deps.db, i.row, i.env.owner, {
      ...base,
      manifest: { version: i.cache.version, files: encodeManifest(manifest), count: manifest.length },
      results: { files: [], classes: [], functions: [], ...childSummary(analyses, info) },
    });
    if (id === null) throw new RunGone(i.row.id);
    return { id, blobs: new Map() };
  }
  const plan = planCopy(previous, files, analyses);
  const child = (copied: CopiedFiles | null) => ({
    ...base,
    copy: copied,
    results: childResults(analyses, info, copied ? (_, k) => !plan.copied.has(k) : undefined),
  });
  let id: number | null;
  try {
    id = await historyRunsRepo.insertChild(i.env.deps.db, i.row, i.env.owner, child(plan.copy));
  } catch (e) {
    if (!(e instanceof CopyMismatch)) throw e;
    // The earlier run's rows were not all there (nothing was stored): store this commit whole.
    i.log.warn({ err: e, commit: c.sha }, 'per-commit run stored without copying');
    id = await historyRunsRepo.insertChild(i.env.deps.db, i.row, i.env.owner, child(null));
  }
  if (id === null) throw new RunGone(i.row.id);
  return { id, blobs: plan.blobs };
}

/** The commits `prefetchHistory` picked (and fetched the contents of); says in the log how that went. */
async function pickedCommits(i: HistoryInput): Promise<LineCommit[]> {
  const p = await i.prefetch;
  if (p.fetchError) {
    i.log.warn(
      { err: p.fetchError },
      'history contents not fetched in one request: fetched as they are read',
    );
  } else {
    i.log.info({ commits: p.commits.length, fetched: p.fetched }, 'history contents fetched');
  }
  return p.commits;
}

/** `p`, or the abort reason as soon as `signal` aborts. */
function untilAborted(p: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function tick(c: LineCommit, files: number, measured: number, reused: boolean, ms: number) {
  return { sha: c.sha, commit_date: new Date(c.date).toISOString(), files, measured, reused, ms };
}
