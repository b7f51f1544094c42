// The --fail-on grammar and its evaluation: "cc>15,cognitive>20,mi<20,rank>=D".
import type { FileMetrics, FunctionMetrics } from '../types.js';
import { UsageError } from './exit-codes.js';

type Scope = 'function' | 'file' | 'repository';

/** The repository-level measures --fail-on reads (made by code-health.ts). */
export interface RepoMeasures {
  typed: number | null;
  documented: number | null;
  cycles: number;
  contracts: number;
  /** --coverage: the report's line coverage of the measured files; new code's under --diff. */
  coverage: number | null;
  new_coverage: number | null;
}

/**
 * Per-function values not in the metrics rows (health.ts): the health score, and under --diff how
 * much it dropped since the revision (null for a function new since it).
 */
export interface FunctionExtras {
  health(f: FunctionMetrics): number | null;
  healthDecline(f: FunctionMetrics): number | null;
}

const NO_EXTRAS: FunctionExtras = { health: () => null, healthDecline: () => null };

type Op = '>' | '>=' | '<' | '<=' | '=';

interface MetricDef {
  scope: Scope;
  /** Rank metrics compare letters (A best); the others compare numbers. */
  letters?: string;
  label: string;
  readFunction?: (f: FunctionMetrics, x: FunctionExtras) => number | string | null;
  readFile?: (f: FileMetrics) => number | string | null;
  /** Repository metrics (code-health.ts): one value for the whole run. */
  readRepo?: (r: RepoMeasures) => number | string | null;
}

/** Every metric --fail-on knows, in the order the help lists them. */
export const METRICS: Readonly<Record<string, MetricDef>> = {
  cc: { scope: 'function', label: 'cyclomatic complexity', readFunction: (f) => f.complexity },
  rank: { scope: 'function', letters: 'ABCDEF', label: 'complexity rank', readFunction: (f) => f.rank },
  cognitive: { scope: 'function', label: 'cognitive complexity', readFunction: (f) => f.cognitive },
  params: { scope: 'function', label: 'parameters', readFunction: (f) => f.params },
  nesting: { scope: 'function', label: 'maximum nesting', readFunction: (f) => f.max_nesting },
  nloc: { scope: 'function', label: 'lines of code', readFunction: (f) => f.nloc },
  health: { scope: 'function', label: 'health score (1-10)', readFunction: (f, x) => x.health(f) },
  health_decline: {
    scope: 'function',
    label: 'health score lost since the --diff revision',
    readFunction: (f, x) => x.healthDecline(f),
  },
  mi: { scope: 'file', label: 'maintainability index', readFile: (f) => f.mi },
  mi_rank: { scope: 'file', letters: 'ABC', label: 'maintainability rank', readFile: (f) => f.mi_rank },
  loc: { scope: 'file', label: 'lines', readFile: (f) => f.loc },
  sloc: { scope: 'file', label: 'source lines', readFile: (f) => f.sloc },
  lloc: { scope: 'file', label: 'logical lines', readFile: (f) => f.lloc },
  typed: { scope: 'repository', label: 'annotated share (%)', readRepo: (r) => r.typed },
  documented: { scope: 'repository', label: 'documented share (%)', readRepo: (r) => r.documented },
  cycles: { scope: 'repository', label: 'import cycles', readRepo: (r) => r.cycles },
  contracts: { scope: 'repository', label: 'broken import contracts', readRepo: (r) => r.contracts },
  coverage: { scope: 'repository', label: 'line coverage (%)', readRepo: (r) => r.coverage },
  new_coverage: { scope: 'repository', label: 'new-code line coverage (%)', readRepo: (r) => r.new_coverage },
};

export const METRIC_NAMES = Object.keys(METRICS);

/** The metrics that apply to functions, or to files. */
export function metricNames(scope: Scope): string[] {
  return METRIC_NAMES.filter((m) => METRICS[m]?.scope === scope);
}

/** One parsed rule; `text` is its canonical spelling ("cc>15"). */
export interface Rule {
  metric: string;
  op: Op;
  value: number | string;
  text: string;
}

const RULE_RE = /^([A-Za-z_]+)\s*(>=|<=|==|>|<|=)\s*(\S+)$/;

/** Parses one or more comma-separated rule lists; throws UsageError naming the bad rule. */
export function parseFailOn(specs: string[]): Rule[] {
  const rules: Rule[] = [];
  for (const spec of specs) {
    for (const raw of spec.split(',')) {
      const part = raw.trim();
      if (part === '') continue;
      const m = RULE_RE.exec(part);
      if (!m) {
        throw new UsageError(
          `invalid --fail-on rule '${part}': expected <metric><op><value> with op one of > >= < <= =, e.g. cc>15`,
        );
      }
      const metric = (m[1] ?? '').toLowerCase();
      const op = (m[2] === '==' ? '=' : m[2]) as Op;
      const def = METRICS[metric];
      if (!def) {
        throw new UsageError(
          `unknown metric '${m[1]}' in --fail-on; valid metrics: ${METRIC_NAMES.join(', ')}`,
        );
      }
      const rawValue = m[3] ?? '';
      let value: number | string;
      if (def.letters) {
        value = rawValue.toUpperCase();
        if (value.length !== 1 || !def.letters.includes(value)) {
          throw new UsageError(
            `invalid value '${rawValue}' for ${metric} in --fail-on: a letter ${def.letters[0]}-${def.letters.at(-1)}`,
          );
        }
      } else {
        value = Number(rawValue);
        if (!/^-?\d+(\.\d+)?$/.test(rawValue) || !Number.isFinite(value)) {
          throw new UsageError(`invalid value '${rawValue}' for ${metric} in --fail-on: a number`);
        }
      }
      rules.push({ metric, op, value, text: `${metric}${op}${value}` });
    }
  }
  return rules;
}

/** An item that broke a rule. */
export interface Violation {
  rule: string;
  metric: string;
  scope: Scope;
  path: string;
  line: number;
  endline: number | null;
  /** `Class.method`, `function`, or the file's path for file rules. */
  name: string;
  value: number | string;
  limit: string;
}

function breaks(rule: Rule, actual: number | string | null, letters: string | undefined): boolean {
  if (actual === null || actual === '') return false;
  const a = letters ? letters.indexOf(String(actual)) : Number(actual);
  const b = letters ? letters.indexOf(String(rule.value)) : Number(rule.value);
  switch (rule.op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    default:
      return a === b;
  }
}

/** Restricts the gate to changed code: which functions and files count. */
export interface GateScope {
  functionCounts(fn: FunctionMetrics): boolean;
  fileCounts(file: FileMetrics): boolean;
}

/** Evaluates every rule on every function or file it applies to. */
export function evaluate(
  rules: Rule[],
  files: { file: FileMetrics; functions: FunctionMetrics[] }[],
  scope: GateScope | null,
  repo: RepoMeasures | null = null,
  extras: FunctionExtras = NO_EXTRAS,
): Violation[] {
  const out: Violation[] = [];
  // Repository rules: one value for the whole run (also under --diff: a cycle or a contract is not
  // a changed line's).
  for (const rule of rules) {
    const def = METRICS[rule.metric];
    if (!def?.readRepo || repo === null) continue;
    const v = def.readRepo(repo);
    if (v !== null && breaks(rule, v, def.letters)) {
      out.push({
        rule: rule.text,
        metric: rule.metric,
        scope: 'repository',
        path: '.',
        line: 1,
        endline: null,
        name: 'repository',
        value: v,
        limit: `${rule.op} ${rule.value}`,
      });
    }
  }
  for (const fa of files) {
    for (const rule of rules) {
      const def = METRICS[rule.metric];
      if (!def || def.readRepo) continue;
      const limit = `${rule.op} ${rule.value}`;
      if (def.readFile) {
        if (scope && !scope.fileCounts(fa.file)) continue;
        const v = def.readFile(fa.file);
        if (breaks(rule, v, def.letters) && v !== null) {
          out.push({
            rule: rule.text,
            metric: rule.metric,
            scope: 'file',
            path: fa.file.path,
            line: 1,
            endline: null,
            name: fa.file.path,
            value: v,
            limit,
          });
        }
        continue;
      }
      for (const fn of fa.functions) {
        if (scope && !scope.functionCounts(fn)) continue;
        const v = def.readFunction?.(fn, extras) ?? null;
        if (breaks(rule, v, def.letters) && v !== null) {
          out.push({
            rule: rule.text,
            metric: rule.metric,
            scope: 'function',
            path: fn.path,
            line: fn.lineno,
            endline: fn.endline,
            name: fn.class ? `${fn.class}.${fn.name}` : fn.name,
            value: v,
            limit,
          });
        }
      }
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

/** The rule's metric description, for SARIF rules and text output. */
export function metricLabel(metric: string): string {
  return METRICS[metric]?.label ?? metric;
}

export function metricScope(metric: string): Scope {
  return METRICS[metric]?.scope ?? 'function';
}
