// Saved quality gates (the default and one per repository) and the verdict of each finished run.
import type { Logger } from '@app/kit';
import type { FileMetrics, FunctionMetrics, HealthSection } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import type { QualityGate, QualityGateInput, Verdict } from '../../shared-types/gate-shapes.js';
import type { AnalysisRow } from '../../store/repos/analyses-repo.js';
import { DEFAULT_GATE_KEY, type GateRow, gatesRepo } from '../../store/repos/gates-repo.js';
import { healthRepo } from '../../store/repos/health-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { newCode, resolveBase } from '../new-code/new-code-service.js';
import { previousRunIds } from '../trends/previous-run.js';
import { judge, type NewCodeSet, type RunItems, storedConditions } from './evaluate-gate.js';
import { type Condition, GateSyntaxError, parseConditions } from './gate-grammar.js';

type Deps = { db: Kysely<MetricsDB> };

/** The key of a repository's gate (`owner/repo`, lower case, as GitHub names are). */
export const repoGateKey = (owner: string, repo: string) => `${owner}/${repo}`.toLowerCase();

function toGate(row: GateRow): QualityGate {
  const isDefault = row.scope_key === DEFAULT_GATE_KEY;
  return {
    scope: isDefault ? 'default' : 'repository',
    repository: isDefault ? null : row.scope_key,
    conditions: storedConditions(row),
    badge_public: Number(row.badge_public) === 1,
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** Parses conditions or answers 422 naming the bad one (nothing is saved then). */
export function conditionsOrProblem(input: string | string[]): Condition[] {
  try {
    const parsed = parseConditions(input);
    if (parsed.length === 0) throw new GateSyntaxError('a gate needs at least one condition', '');
    return parsed;
  } catch (e) {
    if (!(e instanceof GateSyntaxError)) throw e;
    throw errors.validation_failed(`${e.message}.`, { errors: [{ path: 'conditions', message: e.message }] });
  }
}

export const gateService = {
  async get(deps: Deps, key: string): Promise<QualityGate> {
    const row = await gatesRepo.get(deps.db, key);
    if (!row) {
      throw errors.not_found(
        key === DEFAULT_GATE_KEY ? 'no default quality gate is saved' : `no quality gate is saved for ${key}`,
      );
    }
    return toGate(row);
  },

  async put(deps: Deps, key: string, input: QualityGateInput): Promise<QualityGate> {
    const conditions = conditionsOrProblem(input.conditions);
    const row: GateRow = {
      scope_key: key,
      conditions: JSON.stringify(conditions.map((c) => c.text)),
      badge_public: input.badge_public ? 1 : 0,
      updated_at: Date.now(),
    };
    await gatesRepo.put(deps.db, row);
    return toGate(row);
  },

  async remove(deps: Deps, key: string): Promise<void> {
    if (!(await gatesRepo.remove(deps.db, key))) await this.get(deps, key);
  },

  /** The gate that applies to a repository: its own, else the default, else none. */
  async applying(deps: Deps, owner: string, repo: string): Promise<GateRow | null> {
    return (
      (await gatesRepo.get(deps.db, repoGateKey(owner, repo))) ??
      (await gatesRepo.get(deps.db, DEFAULT_GATE_KEY)) ??
      null
    );
  },
};

async function runItems(deps: Deps, id: number, newCode: NewCodeSet | null): Promise<RunItems> {
  const [fileRows, fnRows, health] = await Promise.all([
    gatesRepo.fileRows(deps.db, id),
    gatesRepo.functionRows(deps.db, id),
    healthRepo.get(deps.db, id),
  ]);
  const byPath = new Map<string, FunctionMetrics[]>();
  for (const r of fnRows) {
    const { class_name, is_method, id: _id, analysis_id: _a, ...rest } = r;
    const fn = {
      ...rest,
      class: class_name,
      is_method: Number(is_method) === 1,
    } as unknown as FunctionMetrics;
    byPath.set(fn.path, [...(byPath.get(fn.path) ?? []), fn]);
  }
  const scores = new Map(
    health === null
      ? []
      : (JSON.parse(health) as HealthSection).functions.map((f) => [`${f.path}\0${f.lineno}`, f.health]),
  );
  return {
    files: fileRows.map((f) => ({ file: f as unknown as FileMetrics, functions: byPath.get(f.path) ?? [] })),
    extras: {
      health: (fn) => scores.get(`${fn.path}\0${fn.lineno}`) ?? null,
      // Changed functions only: an added one has nothing to decline from (docs/code-health.md).
      healthDecline: (fn) => newCode?.declines.get(`${fn.path}\0${fn.lineno}`) ?? null,
    },
  };
}

/** The run new code is measured against: the request's `new_code_base` (a commit), else the previous run. */
export async function baseRunOf(deps: Deps, row: AnalysisRow): Promise<number | null> {
  const settings = JSON.parse(row.settings) as { new_code_base?: string | null };
  if (settings.new_code_base) {
    try {
      return await resolveBase(deps, Number(row.id), settings.new_code_base);
    } catch {
      return null;
    }
  }
  return (await previousRunIds(deps, [row])).get(Number(row.id)) ?? null;
}

async function newCodeSet(deps: Deps, headId: number, baseId: number): Promise<NewCodeSet> {
  const nc = await newCode(deps, headId, baseId);
  const key = (f: { path: string; lineno: number }) => `${f.path}\0${f.lineno}`;
  return {
    files: new Set(nc.files.map((f) => f.path)),
    functions: new Set(nc.functions.map(key)),
    declines: new Map(
      nc.functions.flatMap((f) => (f.health_decline === null ? [] : [[key(f), f.health_decline]])),
    ),
  };
}

/**
 * Judges a finished run by the gate that applies to its repository and stores the verdict; null
 * (and nothing stored) when no gate applies.
 */
export async function evaluateRun(deps: Deps, id: number): Promise<Verdict | null> {
  const row = await getAnalysis(deps, id);
  if (row.status !== 'done') throw errors.analysis_not_done(`analysis ${id} is ${row.status}`);
  const gate = await gateService.applying(deps, row.owner, row.repo);
  if (!gate) return null;
  const conditions = parseConditions(storedConditions(gate));
  const needsBase = conditions.some((c) => c.kind === 'new_code' || c.metric === 'health_decline');
  const baseId = needsBase ? await baseRunOf(deps, row) : null;
  const newCode = baseId === null ? null : await newCodeSet(deps, id, baseId);
  const outcomes = judge(
    conditions,
    (row.summary ? JSON.parse(row.summary) : {}) as Record<string, unknown>,
    await runItems(deps, id, newCode),
    newCode,
  );
  const g = toGate(gate);
  const now = Date.now();
  const verdict: Verdict = {
    analysis_id: id,
    status: outcomes.some((o) => o.status === 'failed') ? 'failed' : 'passed',
    gate: { scope: g.scope, repository: g.repository, conditions: g.conditions },
    base_id: baseId,
    conditions: outcomes,
    evaluated_at: new Date(now).toISOString(),
  };
  await gatesRepo.putVerdict(deps.db, {
    analysis_id: id,
    passed: verdict.status === 'passed' ? 1 : 0,
    verdict: JSON.stringify(verdict),
    evaluated_at: now,
  });
  return verdict;
}

/** A run's stored verdict; a finished run judged before no gate existed (or before this feature) is judged now. */
export async function verdictOf(deps: Deps, id: number): Promise<Verdict | null> {
  const stored = await gatesRepo.verdict(deps.db, id);
  if (stored) return JSON.parse(stored.verdict) as Verdict;
  return evaluateRun(deps, id);
}

/** The pipeline's port: judges a run that just finished; a failure is logged, never fails the run. */
export async function judgeFinishedRun(deps: Deps & { log: Logger }, id: number): Promise<void> {
  try {
    await evaluateRun(deps, id);
  } catch (e) {
    deps.log.warn({ err: e, analysis: id }, 'quality gate not evaluated');
  }
}
