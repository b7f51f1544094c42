// The CLI's side of the health score (health/): the evidence it has (coverage, import cycles; no
// pylint or bandit findings, no clones), and under --diff each changed function's score at the revision.
import { relative, sep } from 'node:path';
import { analyzeSource } from '../analyze.js';
import { initPyscan } from '../grammar.js';
import {
  coverageKey,
  cyclePathsOf,
  functionHealth,
  type HealthSection,
  healthOfRun,
} from '../health/index.js';
import type { FileAnalysis, FunctionMetrics } from '../types.js';
import type { CodeHealth } from './code-health.js';
import type { CoverageSection } from './coverage-join.js';
import type { ChangeSet } from './diff.js';
import { atRevision } from './new-code-deltas.js';
import type { FunctionExtras, GateScope } from './thresholds.js';

export type { HealthSection };

export function runHealth(
  results: readonly FileAnalysis[],
  codeHealth: CodeHealth,
  coverage: CoverageSection | null,
): HealthSection {
  const cyclePaths = cyclePathsOf(
    results.map((r) => r.file.path),
    codeHealth.cycles,
  );
  const cov = coverage
    ? new Map(coverage.functions.map((f) => [coverageKey(f.path, f.lineno, f.name), f]))
    : null;
  return healthOfRun(results, { coverage: cov, cyclePaths });
}

/**
 * The structural score (complexity, cognitive, nesting, length, parameters): the part both sides of
 * a diff can be measured on. Coverage, findings and cycles of the revision are not known here, so the
 * "must not decline" rule compares only this.
 */
const structural = (f: FunctionMetrics) => functionHealth(f).health;

const fnKey = (f: FunctionMetrics) => `${f.class}.${f.name}`;

/** Health per function, and its decline since `changes.ref` for functions the gate scope counts. */
export async function healthExtras(
  results: readonly FileAnalysis[],
  health: HealthSection,
  changes: ChangeSet | null,
  scope: GateScope | null,
  absOf: (rel: string) => string | undefined,
): Promise<FunctionExtras> {
  const byLoc = new Map(health.functions.map((h) => [`${h.path}:${h.lineno}:${h.name}`, h.health]));
  const decline = new Map<FunctionMetrics, number>();
  if (changes && scope) {
    await initPyscan();
    for (const fa of results) {
      const abs = absOf(fa.file.path);
      const change = abs === undefined ? undefined : changes.files.get(abs);
      if (abs === undefined || change === undefined || change === 'all') continue;
      const changed = fa.functions.filter((f) => scope.functionCounts(f));
      if (changed.length === 0) continue;
      const old = atRevision(changes.root, changes.ref, relative(changes.root, abs).split(sep).join('/'));
      if (old === null) continue;
      // Same class and name, in order of appearance: a redefined name pairs with its own earlier self.
      const before = new Map<string, FunctionMetrics[]>();
      for (const f of analyzeSource(old, fa.file.path).functions) {
        before.set(fnKey(f), [...(before.get(fnKey(f)) ?? []), f]);
      }
      const seen = new Map<string, number>();
      for (const f of fa.functions) {
        const k = fnKey(f);
        const i = seen.get(k) ?? 0;
        seen.set(k, i + 1);
        const prev = before.get(k)?.[i];
        if (!prev || !changed.includes(f)) continue;
        decline.set(f, Math.round((structural(prev) - structural(f)) * 10) / 10);
      }
    }
  }
  return {
    health: (f) => byLoc.get(`${f.path}:${f.lineno}:${f.name}`) ?? null,
    healthDecline: (f) => decline.get(f) ?? null,
  };
}
