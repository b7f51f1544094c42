// New code (SonarQube's "new code period"): the files and functions of a run added or changed since a
// base run or commit. By content where both runs stored the file's text, else by numbers and spans.

import { functionHealth, type HealthSection } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import type { NewCodeFile, NewCodeFunction, NewCodeResponse } from '../../shared-types/compare-types.js';
import { compareRepo } from '../../store/repos/compare-repo.js';
import { coverageRepo } from '../../store/repos/coverage-repo.js';
import { healthRepo } from '../../store/repos/health-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { type FileMetricRow, type FunctionMetricRow, matchRuns } from '../compare/match-runs.js';
import { runPair, runRef } from '../compare/run-pair.js';

const bad = (message: string) =>
  errors.validation_failed(`base ${message}.`, { errors: [{ path: 'base', message }] });

/** The base run named by `base`: a run id (digits only), or a commit sha (7–40 hex digits) of the head's repository. */
export async function resolveBase(
  deps: { db: Kysely<MetricsDB> },
  headId: number,
  base: string,
): Promise<number> {
  if (/^[1-9]\d{0,15}$/.test(base) && Number.isSafeInteger(Number(base))) return Number(base);
  if (!/^[0-9a-fA-F]{7,40}$/.test(base)) {
    throw bad('must be a run id or a commit sha (7 to 40 hexadecimal digits)');
  }
  const head = await getAnalysis(deps, headId);
  const runs = await compareRepo.doneRunAtCommit(deps.db, head.repo_url, base);
  const shas = new Set(runs.map((r) => r.commit_sha));
  if (shas.size > 1) throw bad(`${base} names more than one analysed commit: give more digits`);
  const run = runs[0];
  if (!run) throw errors.not_found(`no finished run of ${head.repo_url} analysed commit ${base}`);
  return Number(run.id);
}

const FILE_PRINT = [
  'loc',
  'lloc',
  'sloc',
  'comments',
  'blank',
  'functions',
  'classes',
  'cc_total',
  'mi',
] as const;
const filePrint = (f: FileMetricRow) => FILE_PRINT.map((k) => String(f[k] ?? '')).join('|');
// Without the text, a function that kept its length, complexity and shape is taken as unchanged (it may have moved).
const fnPrint = (f: FunctionMetricRow) =>
  [Number(f.endline) - Number(f.lineno), f.complexity, f.cognitive, f.nloc, f.params, f.max_nesting].join(
    '|',
  );

/** The stored health score per function of a run (`path\0lineno`); empty for runs without one. */
async function storedScores(db: Kysely<MetricsDB>, id: number): Promise<Map<string, number>> {
  const doc = await healthRepo.get(db, id);
  if (doc === null) return new Map();
  return new Map(
    (JSON.parse(doc) as HealthSection).functions.map((f) => [`${f.path}\0${f.lineno}`, f.health]),
  );
}

// The part of the score both runs are sure to have measured alike (pyscan's --diff rule, docs/code-health.md).
const structural = (f: FunctionMetricRow) =>
  functionHealth({
    complexity: Number(f.complexity),
    cognitive: Number(f.cognitive),
    max_nesting: Number(f.max_nesting),
    nloc: Number(f.nloc),
    params: Number(f.params),
  }).health;

/** The head's uploaded coverage's new-code share, when it was measured against `baseId`. */
async function newCoverage(db: Kysely<MetricsDB>, headId: number, baseId: number) {
  const doc = await coverageRepo.get(db, headId);
  const nc =
    doc === null ? null : (JSON.parse(doc) as { new_code?: NewCodeResponse['new_coverage'] }).new_code;
  return nc && nc.base_id === baseId ? nc : null;
}

/** Files and functions of run `headId` added or changed since run `baseId`. */
export async function newCode(
  deps: { db: Kysely<MetricsDB> },
  headId: number,
  baseId: number,
): Promise<NewCodeResponse> {
  const { base, head } = await runPair(deps, baseId, headId, 'base');
  const match = await matchRuns(deps.db, Number(base.id), Number(head.id), { bodies: true });
  const scores = await storedScores(deps.db, Number(head.id));
  let byContent = 0;
  let byMetrics = 0;
  const files: NewCodeFile[] = [];
  for (const p of match.files) {
    if (!p.head) continue;
    if (!p.base) {
      files.push({ path: p.path, old_path: p.old_path, change: 'added' });
      continue;
    }
    let changed: boolean;
    if (p.content_changed === null) {
      byMetrics++;
      changed = filePrint(p.base) !== filePrint(p.head);
    } else {
      byContent++;
      changed = p.content_changed;
    }
    if (changed) files.push({ path: p.path, old_path: p.old_path, change: 'changed' });
  }
  const functions: NewCodeFunction[] = [];
  for (const p of match.functions) {
    if (!p.head) continue;
    const changed =
      !p.base ||
      p.old_name !== null ||
      (p.body_changed === null ? fnPrint(p.base) !== fnPrint(p.head) : p.body_changed);
    if (!changed) continue;
    functions.push({
      path: p.path,
      class_name: p.class_name,
      name: p.name,
      old_name: p.old_name,
      lineno: Number(p.head.lineno),
      endline: Number(p.head.endline),
      complexity: Number(p.head.complexity),
      cognitive: Number(p.head.cognitive),
      change: p.base ? 'changed' : 'added',
      health: scores.get(`${p.path}\0${Number(p.head.lineno)}`) ?? null,
      health_decline: p.base ? Math.round((structural(p.base) - structural(p.head)) * 10) / 10 : null,
    });
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  functions.sort((a, b) => a.path.localeCompare(b.path) || a.lineno - b.lineno);
  return {
    base: runRef(base),
    head: runRef(head),
    basis: byMetrics === 0 ? 'content' : byContent === 0 ? 'metrics' : 'mixed',
    files,
    functions,
    new_coverage: await newCoverage(deps.db, Number(head.id), Number(base.id)),
  };
}
