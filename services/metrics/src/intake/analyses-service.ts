import type { MetricsConfig } from '../config.js';
import { errors } from '../errors.js';
import { parseHistory } from '../history-runs/history-spec.js';
import { requestContracts } from '../pipeline/code-health/request-contracts.js';
import { excludeErrors, normalizeExclude } from '../pipeline/exclusions/request-globs.js';
import type { RateLimiter } from '../platform/http/rate-limiter.js';
import { validateAnalysisInput } from '../shared-types/repo-validate.js';
import { type Admission, type AdmissionDeps, admitAnalysis } from './admission.js';

export interface CreateAnalysisBody {
  repo_url: string;
  branch?: string | null | undefined;
  ref?: string | null | undefined;
  exclude?: string[] | null | undefined;
  /** true/false: git-history columns for this run; {commits}/{since}: a history run. */
  history?: unknown;
  /** Import contracts in import-linter's format (request-contracts.ts). */
  contracts?: unknown;
  /** Internal (forge webhooks): the commit new code is measured against; not in the API's schema. */
  new_code_base?: string | undefined;
}

/** What queueing a run uses: admission's, the run settings' defaults, and the local worker to wake. */
export interface CreateAnalysisDeps extends AdmissionDeps {
  config: AdmissionDeps['config'] &
    Pick<MetricsConfig, 'cloneShallow' | 'pylintEnabled' | 'skipTestFiles' | 'maxFileCount'>;
  wakeWorker(): void;
}

/**
 * Validates and queues an analysis, or returns the identical one already queued or running; nothing
 * unvalidated is stored or handed to git. `client` names the caller for its rate limit.
 */
export async function createAnalysis(
  deps: CreateAnalysisDeps,
  body: CreateAnalysisBody,
  client: { key: string; limiter: RateLimiter | null } = { key: '', limiter: null },
): Promise<Admission> {
  const v = validateAnalysisInput(body);
  const excludeProblems = excludeErrors(body.exclude);
  const history = parseHistory(body.history);
  const contracts = requestContracts(body.contracts);
  const problems = [...excludeProblems, ...history.errors, ...contracts.errors];
  if (!v.ok || problems.length > 0) {
    const fieldErrors = [...(v.ok ? [] : v.errors), ...problems].map((e) => ({
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
  const c = deps.config;
  const admitted = await admitAnalysis(
    deps,
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
        ...(contracts.config ? { contracts: contracts.config } : {}),
        ...(body.new_code_base && /^[0-9a-f]{7,40}$/.test(body.new_code_base)
          ? { new_code_base: body.new_code_base }
          : {}),
      },
      now: Date.now(),
    },
    client,
  );
  if (admitted.created) deps.wakeWorker();
  return admitted;
}
