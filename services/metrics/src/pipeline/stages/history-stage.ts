import { type HistoryRun, readGitHistory } from '../history/git-history.js';
import { type HistoryReuse, readHistoryIncremental } from '../history/incremental-history.js';
import { dbSegmentStore } from '../history/incremental-store.js';
import type { Cloned } from './clone-stage.js';
import type { RunScope } from './run-scope.js';

// A shallow clone has no history to read: the insights say it was unavailable.
const UNAVAILABLE: Omit<HistoryRun, 'files' | 'churn' | 'names'> = {
  available: false,
  commitsRead: 0,
  headTime: 0,
  coupling: null,
};

/** The history and, when the incremental pass ran, how much of it was reused. */
export type StagedHistory = HistoryRun & { reuse: HistoryReuse | null };

/**
 * The git_analysis stage: each file's churn, authors and coupling from the clone's history. Null when
 * the run has history off. With the repository cache and the content cache on (REPO_CACHE_MB and
 * CACHE_MAX_MB > 0) the pass is incremental: it replays what passes over analysed ancestors read and
 * walks only the commits since (see history/incremental-history.ts); the result is the full pass's.
 */
export async function historyStage(
  run: RunScope,
  clone: Pick<Cloned, 'dir' | 'isShallow'>,
  files: string[],
): Promise<StagedHistory | null> {
  if (!run.settings.history) return null;
  await run.report.stage('git_analysis');
  const t1 = Date.now();
  const { config, db } = run.env.deps;
  let history: StagedHistory;
  if (clone.isShallow) {
    history = { ...UNAVAILABLE, files: new Map(), churn: new Map(), names: new Map(), reuse: null };
  } else if (config.cacheMaxBytes > 0 && config.repoCacheBytes > 0) {
    const store = dbSegmentStore(db, run.row.repo_url);
    const r = await readHistoryIncremental(clone.dir, store, { paths: files, signal: run.env.signal });
    history = { ...r.history, reuse: r.reuse };
  } else {
    history = { ...(await readGitHistory(clone.dir, { paths: files, signal: run.env.signal })), reuse: null };
  }
  run.log.info({ ms: Date.now() - t1, commits: history.commitsRead, reuse: history.reuse }, 'history done');
  return history;
}
