import type { CommitsPass, CommitsPassPort } from '../pipeline/stages/commits-pass.js';
import { type Prefetched, prefetchHistory } from './prefetch.js';
import { type HistoryOutcome, runHistoryCommits } from './run-history.js';

/**
 * History runs as a pass riding along the pipeline's stages: the earlier commits and their contents
 * are fetched while the analysed commit is measured; they are measured from the end of its measure
 * stage on, while the rest of its analysis and its outputs are made (they share only the pool and the
 * cores); the pass is stopped if the run fails before it is awaited.
 */
export const historyRunsPass: CommitsPassPort = {
  start(run, clone, found) {
    const spec = run.settings.history_run;
    if (!spec) return null;
    const { config: cfg } = run.env.deps;
    const stop = new AbortController();
    const signal = AbortSignal.any([run.env.signal, stop.signal]);
    const prefetch: Promise<Prefetched> = prefetchHistory({
      dir: clone.dir,
      url: clone.url,
      sha: clone.commitSha,
      shallow: clone.isShallow,
      spec,
      rules: found.rules,
      limits: { signal, timeoutMs: cfg.cloneTimeoutMs, maxSizeMb: cfg.maxRepoSizeMb },
    });
    prefetch.catch(() => {});
    let beginHistory = (): void => {};
    const begin = new Promise<void>((resolve) => {
      beginHistory = resolve;
    });
    let pass: Promise<HistoryOutcome> | null = null;
    const self: CommitsPass = {
      measure({ cache, pool }) {
        pass = runHistoryCommits({
          env: run.env,
          row: run.row,
          dir: clone.dir,
          refUsed: clone.refUsed,
          rules: found.rules,
          prefetch,
          begin,
          signal,
          childSettings: {
            ...run.settings,
            history: false,
            pylint: false,
            history_run: null,
            history_of: run.row.id,
          },
          cache,
          pool,
          report: run.report,
          log: run.log,
        });
        pass.catch(() => {});
      },
      run() {
        if (!pass) return Promise.reject(new Error('the history pass was never started'));
        beginHistory();
        return pass;
      },
      async stop() {
        stop.abort();
        await prefetch.catch(() => {});
        await pass?.catch(() => {});
      },
    };
    return self;
  },
};
