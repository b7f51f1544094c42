import { join } from 'node:path';
import { compileGlobs } from '@app/pyscan/config';
import { BlobCache } from '../cache/blob-cache.js';
import type { CacheStats } from '../cache/cache-stats.js';
import { listTree } from '../cache/git-tree.js';
import { pyscanVersion } from '../cache/pyscan-version.js';
import { discoverPythonFiles } from '../discovery/discover.js';
import { detectDuplication } from '../duplication/detect-duplication.js';
import { readRepositoryConfig } from '../exclusions/repository-config.js';
import { removeOutputs } from '../exports/remove-outputs.js';
import { writeOutputs } from '../exports/write-outputs.js';
import { type HistoryRun, readGitHistory } from '../history/git-history.js';
import type { HistorySpec } from '../history-runs/history-spec.js';
import { type Prefetched, prefetchHistory } from '../history-runs/prefetch.js';
import { type HistoryOutcome, runHistoryCommits } from '../history-runs/run-history.js';
import { computeInsights } from '../insights/compute-insights.js';
import { outputName } from '../output/output-name.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import { cloneRepo, removeScratch } from '../repo/clone.js';
import { cloneUrlFor } from '../repo/validate.js';
import { buildResults } from '../results/build-results.js';
import { collectSources } from '../source/collect-sources.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import { cacheRepo } from '../store/repos/cache-repo.js';
import { resultsRepo } from '../store/repos/results-repo.js';
import { timeoutWarnings } from './analyze-files.js';
import { runCachedPylintStep } from './pylint-step.js';
import type { RunEnv } from './run-env.js';
import { StageReporter } from './stage-reporter.js';

/** The settings a run was queued with (stored on the record so a later restart with other env agrees). */
export interface RunSettings {
  history: boolean;
  pylint: boolean;
  skip_test_files: boolean;
  max_file_count: number;
  /** The request's exclude globs (absent on runs queued before exclusions existed). */
  exclude?: string[];
  /** The analysed repository's [tool.pyscan] exclude and include_tests, set after the clone. */
  repository_config?: { exclude: string[]; include_tests: boolean | null } | null;
  /** A history run: the earlier commits to measure as well (absent or null: the analysed commit only). */
  history_run?: HistorySpec | null;
}

import { RunGone } from './run-gone.js';

export { RunGone };

/**
 * One analysis from clone to outputs. Throws on failure (the worker records the code); the scratch
 * clone is removed whatever happens.
 */
export async function runAnalysis(env: RunEnv, row: AnalysisRow): Promise<void> {
  const { ctx, signal } = env;
  const cfg = ctx.config;
  const settings = JSON.parse(row.settings) as RunSettings;
  const warnings: string[] = JSON.parse(row.warnings);
  const report = new StageReporter(ctx, row.id, env.owner);
  const startedAt = row.started_at ?? Date.now();
  const log = ctx.log.child({ analysis: row.id });

  const cloneUrl = cloneUrlFor(row.owner, row.repo, cfg.githubBaseUrl);
  const clone = await cloneRepo({
    url: cloneUrl,
    ref: row.ref ?? row.branch,
    // Git history insights diff every commit, which needs the whole history with every content. A
    // history run starts from one commit too: `prefetchHistory` fetches the rest it reads.
    shallow: !settings.history,
    timeoutMs: cfg.cloneTimeoutMs,
    maxSizeMb: cfg.maxRepoSizeMb,
    scratchRoot: cfg.scratchDir,
    signal,
  });
  // A history run's earlier commits are measured from the end of this commit's pyscan pass on, while
  // the rest of its analysis and its outputs are made (they share only the pool and the cores); stopped
  // if the run fails before the pass is awaited.
  const historyStop = new AbortController();
  const historySignal = AbortSignal.any([signal, historyStop.signal]);
  let prefetch: Promise<Prefetched> | null = null;
  let historyPass: Promise<HistoryOutcome> | null = null;
  let generated: Promise<Generated> | null = null;
  let finished = false;
  try {
    await analysesRepo.setCommit(ctx.db, row.id, clone.commitSha, clone.refUsed, clone.commitDate);
    log.info({ sha: clone.commitSha, ref: clone.refUsed, ms: Date.now() - startedAt }, 'cloned');

    await report.stage('discovering');
    const repoConfig = await readRepositoryConfig(clone.dir);
    if (repoConfig.warning) {
      warnings.push(repoConfig.warning);
      log.warn(repoConfig.warning);
    }
    settings.repository_config = repoConfig.found
      ? { exclude: repoConfig.exclude, include_tests: repoConfig.includeTests }
      : null;
    await analysesRepo.setSettings(ctx.db, row.id, { ...settings });
    // The repository's exclusions and the request's add up; its include_tests wins over SKIP_TEST_FILES.
    const exclude = compileGlobs([...repoConfig.exclude, ...(settings.exclude ?? [])]);
    const skipTests = repoConfig.includeTests === null ? settings.skip_test_files : !repoConfig.includeTests;
    const found = await discoverPythonFiles(clone.dir, {
      skipTests,
      maxFiles: settings.max_file_count,
      maxFileBytes: cfg.maxFileSizeBytes,
      exclude,
    });
    for (const w of found.warnings) {
      warnings.push(w.message);
      log.warn({ code: w.code, path: w.path }, w.message);
    }
    await analysesRepo.setWarnings(ctx.db, row.id, warnings);
    signal.throwIfAborted();
    const rules = {
      skipTests,
      maxFiles: settings.max_file_count,
      maxFileBytes: cfg.maxFileSizeBytes,
      exclude,
    };
    // A history run's commits and contents are fetched while the analysed commit is measured.
    prefetch = settings.history_run
      ? prefetchHistory({
          dir: clone.dir,
          url: cloneUrl,
          sha: clone.commitSha,
          shallow: clone.isShallow,
          spec: settings.history_run,
          rules,
          limits: { signal: historySignal, timeoutMs: cfg.cloneTimeoutMs, maxSizeMb: cfg.maxRepoSizeMb },
        })
      : null;
    prefetch?.catch(() => {});

    await report.stage('analyzing');
    const total = found.files.length;
    report.progress(0, total);
    const t0 = Date.now();
    // pylint (separate processes) and pyscan (worker threads) share the cores for the whole stage.
    const pylintPromise: Promise<{
      results: Map<string, PylintFileResult> | null;
      use: CacheStats['pylint'];
    }> = settings.pylint
      ? runCachedPylintStep(env, clone.dir, found.files, warnings)
      : Promise.resolve({ results: null, use: 'off' });
    // Keep pylint's failure from being an unhandled rejection while pyscan still runs.
    let pylintSettled = !settings.pylint;
    pylintPromise.then(
      () => {
        pylintSettled = true;
      },
      () => {
        pylintSettled = true;
      },
    );
    const limits = { maxFileBytes: cfg.sourceMaxFileBytes, maxRunBytes: cfg.sourceMaxRunBytes };
    const sourcesPromise = collectSources(clone.dir, found.files, limits, signal);
    sourcesPromise.catch(() => {});
    const pool = await env.pool();
    // Contents measured before (this or any run, same pyscan) come from the cache; the rest from disk.
    const cache = new BlobCache(ctx.db, pyscanVersion(cfg.cachePyscanVersion), cfg.cacheMaxBytes > 0);
    const tree = await listTree(clone.dir, 'HEAD', signal);
    const analyses = await cache.resolve(
      found.files.map((path) => ({ path, oid: tree.get(path)?.oid ?? null })),
      (item) => pool.analyzeFile(join(clone.dir, item.path), item.path),
      (d) => report.progress(d, total),
      signal,
    );
    await cache.flush();
    log.info({ files: total, measured: cache.measured, ms: Date.now() - t0 }, 'pyscan done');
    let beginHistory = (): void => {};
    if (settings.history_run && prefetch) {
      const begin = new Promise<void>((resolve) => {
        beginHistory = resolve;
      });
      historyPass = runHistoryCommits({
        env,
        row,
        dir: clone.dir,
        refUsed: clone.refUsed,
        rules,
        prefetch,
        begin,
        signal: historySignal,
        childSettings: { ...settings, history: false, pylint: false, history_run: null, history_of: row.id },
        cache,
        pool,
        report,
        log,
      });
      historyPass.catch(() => {});
    }
    // pylint usually takes longer than pyscan: say so, rather than sit at "100 %" with no word.
    if (!pylintSettled) await report.stage('linting');
    for (const w of timeoutWarnings(analyses, cfg.maxFileSeconds)) {
      warnings.push(w);
      log.warn(w);
    }
    // While pylint may still run: clone detection over the files pyscan read.
    const t2 = Date.now();
    const duplication = await detectDuplication(
      clone.dir,
      analyses,
      { minTokens: cfg.duplicationMinTokens, minLines: cfg.duplicationMinLines },
      signal,
    );
    log.info({ ms: Date.now() - t2, groups: duplication.groups.length }, 'duplication done');
    const { results: pylint, use: pylintUse } = await pylintPromise;
    const sources = await sourcesPromise;
    log.info({ ms: Date.now() - t0 }, 'analyzing done');
    await report.flush();
    signal.throwIfAborted();

    // null: history disabled; a shallow clone gives an unavailable run (the insights say which).
    let history: HistoryRun | null = null;
    if (settings.history) {
      await report.stage('git_analysis');
      const t1 = Date.now();
      history = clone.isShallow
        ? {
            available: false,
            commitsRead: 0,
            headTime: 0,
            files: new Map(),
            churn: new Map(),
            coupling: null,
            names: new Map(),
          }
        : await readGitHistory(clone.dir, { paths: found.files, signal });
      log.info({ ms: Date.now() - t1, commits: history.commitsRead }, 'history done');
    }

    // This commit's outputs do not depend on the earlier commits: made while the history pass runs.
    const generate = async (): Promise<Generated> => {
      const results = buildResults({
        analysisId: row.id,
        repoUrl: row.repo_url,
        ref: clone.refUsed,
        commitSha: clone.commitSha,
        analyses,
        pylint,
        history: history?.files ?? null,
        insights: computeInsights(analyses, history),
        sources,
        duplication,
        startedAt,
        now: Date.now(),
      });
      const name = outputName({
        repo: row.repo,
        startedAt: new Date(startedAt),
        ref: row.ref ?? row.branch ?? clone.refUsed,
        analysisId: row.id,
        commitSha: clone.commitSha,
      });
      signal.throwIfAborted();
      const outputs = await writeOutputs(cfg.outputsDir, name, results);
      await resultsRepo.replace(ctx.db, row.id, results.db, outputs);
      return { summary: results.summary, name };
    };
    let historyRun: HistoryOutcome | null = null;
    if (historyPass) {
      generated = generate();
      generated.catch(() => {});
      beginHistory();
      historyRun = await historyPass;
    }
    const stats: CacheStats = {
      blobs_hit: cache.hits,
      blobs_measured: cache.measured,
      pylint: pylintUse,
      history_commits: historyRun?.commits ?? null,
      history_commits_reused: historyRun?.reused ?? null,
    };
    await analysesRepo.setCacheStats(ctx.db, row.id, stats);

    await report.stage('generating');
    generated ??= generate();
    const { summary, name } = await generated;
    const marked = await analysesRepo.markDone(ctx.db, row.id, env.owner, Date.now(), {
      output_name: name,
      summary,
      warnings,
    });
    if (!marked) {
      // Cancelled or deleted while the outputs were being written (here or from another instance):
      // what was written is nobody's, so it goes.
      await removeOutputs(cfg.outputsDir, name);
      await resultsRepo.clear(ctx.db, row.id);
      throw new RunGone(row.id);
    }
    finished = true;
    ctx.events.changed(row.id);
    log.info({ ms: Date.now() - startedAt, cache: stats }, 'analysis done');
    await pruneCache(env);
  } finally {
    historyStop.abort();
    await prefetch?.catch(() => {});
    await historyPass?.catch(() => {});
    if (!finished) await discardOutputs(env, row.id, generated);
    await removeScratch(clone.dir);
  }
}

/** This commit's outputs, made while a history pass runs. */
interface Generated {
  summary: Record<string, unknown>;
  name: string;
}

/** Outputs a failed run made before it failed: nobody's, so they go (the rows with them). */
async function discardOutputs(env: RunEnv, id: number, generated: Promise<Generated> | null): Promise<void> {
  const g = await generated?.catch(() => null);
  if (!g) return;
  try {
    await removeOutputs(env.ctx.config.outputsDir, g.name);
    await resultsRepo.clear(env.ctx.db, id);
  } catch (e) {
    env.ctx.log.warn({ err: e, analysis: id }, 'outputs of a failed run not removed');
  }
}

/** Keeps the content cache under CACHE_MAX_MB, least recently used first; a failure only logs. */
async function pruneCache(env: RunEnv): Promise<void> {
  const cap = env.ctx.config.cacheMaxBytes;
  if (cap <= 0) return;
  try {
    const removed = await cacheRepo.prune(env.ctx.db, cap);
    if (removed > 0) env.ctx.log.info({ removed }, 'content cache pruned');
  } catch (e) {
    env.ctx.log.warn({ err: e }, 'content cache not pruned');
  }
}
