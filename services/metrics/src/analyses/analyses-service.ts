import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { excludeErrors, normalizeExclude } from '../exclusions/request-globs.js';
import { parseHistory } from '../history-runs/history-spec.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import { validateAnalysisInput } from '../repo/validate.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import { type Admission, admitAnalysis } from './admission.js';

export interface CreateAnalysisBody {
  repo_url: string;
  branch?: string | null | undefined;
  ref?: string | null | undefined;
  exclude?: string[] | null | undefined;
  /** true/false: git-history columns for this run; {commits}/{since}: a history run. */
  history?: unknown;
}

/**
 * Validates and queues an analysis, or returns the identical one already queued or running; nothing
 * unvalidated is stored or handed to git. `client` names the caller for its rate limit.
 */
export async function createAnalysis(
  ctx: AppContext,
  body: CreateAnalysisBody,
  client: { key: string; limiter: RateLimiter | null } = { key: '', limiter: null },
): Promise<Admission> {
  const v = validateAnalysisInput(body);
  const excludeProblems = excludeErrors(body.exclude);
  const history = parseHistory(body.history);
  if (!v.ok || excludeProblems.length > 0 || history.errors.length > 0) {
    const fieldErrors = [...(v.ok ? [] : v.errors), ...excludeProblems, ...history.errors].map((e) => ({
      path: e.field,
      message: e.message,
    }));
    throw errors.validation_failed(
      `The request body is invalid: ${fieldErrors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      { errors: fieldErrors },
    );
  }
  const input = v.value;
  const warnings: string[] = [];
  if (input.branch !== null && input.ref !== null) {
    warnings.push(
      `both branch "${input.branch}" and ref "${input.ref}" were given: ref was used, branch was not`,
    );
  }
  const c = ctx.config;
  const admitted = await admitAnalysis(
    ctx,
    {
      repo_url: input.canonicalUrl,
      owner: input.owner,
      repo: input.repo,
      branch: input.branch,
      ref: input.ref,
      warnings,
      settings: {
        history: history.insights ?? !c.cloneShallow,
        pylint: c.pylintEnabled,
        skip_test_files: c.skipTestFiles,
        max_file_count: c.maxFileCount,
        exclude: normalizeExclude(body.exclude),
        history_run: history.spec,
      },
      now: Date.now(),
    },
    client,
  );
  if (admitted.created) ctx.wakeWorker();
  return admitted;
}

/** One analysis or a 404. */
export async function getAnalysis(ctx: AppContext, id: number): Promise<AnalysisRow> {
  const row = await analysesRepo.get(ctx.db, id);
  if (!row) throw errors.not_found(`analysis ${id} does not exist`);
  return row;
}
