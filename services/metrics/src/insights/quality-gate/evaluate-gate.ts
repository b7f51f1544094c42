// One run judged by a gate's conditions: run-level numbers from its summary, item conditions through
// pyscan's own evaluation (the same code as `pyscan --fail-on`) over its stored rows, new-code ones
// over the functions and files the new-code comparison names.

import type { FileMetrics, FunctionMetrics } from '@app/pyscan';
import { evaluate, type FunctionExtras, type GateScope, type Violation } from '@app/pyscan/gate';
import type { ConditionOutcome } from '../../shared-types/gate-shapes.js';
import type { GateRow } from '../../store/repos/gates-repo.js';
import { breaksNumber, type Condition } from './gate-grammar.js';

export interface RunItems {
  files: { file: FileMetrics; functions: FunctionMetrics[] }[];
  /** The stored health score per function (`health<7`); absent for runs without one. */
  extras?: FunctionExtras;
}

/** New code of the run: keys `path` (files) and `path\0lineno` (functions). */
export interface NewCodeSet {
  files: Set<string>;
  functions: Set<string>;
  /** How much each changed function's structural health dropped since the base (`health_decline`). */
  declines: Map<string, number>;
}

const ITEMS_SHOWN = 10;

function worstFirst(v: Violation[], op: Condition['op']): Violation[] {
  const dir = op === '>' || op === '>=' ? -1 : op === '<' || op === '<=' ? 1 : 0;
  if (dir === 0) return v;
  const key = (x: Violation) => x.value;
  return [...v].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c =
      typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
    return dir * c;
  });
}

function itemsOutcome(c: Condition, run: RunItems, scope: GateScope | null): ConditionOutcome {
  const broken = worstFirst(evaluate(c.rule ? [c.rule] : [], run.files, scope, null, run.extras), c.op);
  return {
    condition: c.text,
    kind: c.kind,
    status: broken.length > 0 ? 'failed' : 'passed',
    value: broken[0]?.value ?? null,
    limit: `${c.op} ${c.value}`,
    failing_items: broken.length,
    items: broken
      .slice(0, ITEMS_SHOWN)
      .map((v) => ({ path: v.path, name: v.name, line: v.line, value: v.value })),
    reason: null,
  };
}

function numberOutcome(c: Condition, value: number | null, reason: string | null): ConditionOutcome {
  const limit = `${c.op} ${c.value}`;
  if (value === null || !Number.isFinite(value)) {
    return {
      condition: c.text,
      kind: c.kind,
      status: 'skipped',
      value: null,
      limit,
      failing_items: null,
      items: [],
      reason: reason ?? `${c.metric} was not measured in this run`,
    };
  }
  const failed = breaksNumber(value, c.op, Number(c.value));
  return {
    condition: c.text,
    kind: c.kind,
    status: failed ? 'failed' : 'passed',
    value,
    limit,
    failing_items: null,
    items: [],
    reason: null,
  };
}

function numberIn(summary: Record<string, unknown>, key: string): number | null {
  const v = summary[key];
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Outcomes of every condition; `newCode` null means no base to compare with (new-code conditions skip). */
export function judge(
  conditions: Condition[],
  summary: Record<string, unknown>,
  run: RunItems,
  newCode: NewCodeSet | null,
): ConditionOutcome[] {
  const scope: GateScope | null = newCode
    ? {
        functionCounts: (fn) => newCode.functions.has(`${fn.path}\0${fn.lineno}`),
        fileCounts: (f) => newCode.files.has(f.path),
      }
    : null;
  return conditions.map((c) => {
    if (c.kind === 'run') return numberOutcome(c, numberIn(summary, c.metric), null);
    if (c.kind === 'items') return itemsOutcome(c, run, null);
    if (!newCode) {
      return {
        ...numberOutcome(c, null, 'no earlier finished run of this repository to measure new code against'),
        limit: `${c.op} ${c.value}`,
      };
    }
    if (c.rule) return itemsOutcome(c, run, scope);
    return numberOutcome(c, c.metric === 'files' ? newCode.files.size : newCode.functions.size, null);
  });
}

/** The canonical conditions of a stored gate row. */
export const storedConditions = (g: GateRow): string[] => JSON.parse(g.conditions) as string[];
