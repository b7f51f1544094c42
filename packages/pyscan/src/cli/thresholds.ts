// The --fail-on grammar and its evaluation: "cc>15,cognitive>20,mi<20,rank>=D".
import type { FileMetrics, FunctionMetrics } from '../types.js';
import { UsageError } from './exit-codes.js';

type Scope = 'function' | 'file';
type Op = '>' | '>=' | '<' | '<=' | '=';

interface MetricDef {
  scope: Scope;
  /** Rank metrics compare letters (A best); the others compare numbers. */
  letters?: string;
  label: string;
  readFunction?: (f: FunctionMetrics) => number | string | null;
  readFile?: (f: FileMetrics) => number | string | null;
}

/** Every metric --fail-on knows, in the order the help lists them. */
export const METRICS: Readonly<Record<string, MetricDef>> = {
  cc: { scope: 'function', label: 'cyclomatic complexity', readFunction: (f) => f.complexity },
  rank: { scope: 'function', letters: 'ABCDEF', label: 'complexity rank', readFunction: (f) => f.rank },
  cognitive: { scope: 'function', label: 'cognitive complexity', readFunction: (f) => f.cognitive },
  params: { scope: 'function', label: 'parameters', readFunction: (f) => f.params },
  nesting: { scope: 'function', label: 'maximum nesting', readFunction: (f) => f.max_nesting },
  nloc: { scope: 'function', label: 'lines of code', readFunction: (f) => f.nloc },
  mi: { scope: 'file', label: 'maintainability index', readFile: (f) => f.mi },
  mi_rank: { scope: 'file', letters: 'ABC', label: 'maintainability rank', readFile: (f) => f.mi_rank },
  loc: { scope: 'file', label: 'lines', readFile: (f) => f.loc },
  sloc: { scope: 'file', label: 'source lines', readFile: (f) => f.sloc },
  lloc: { scope: 'file', label: 'logical lines', readFile: (f) => f.lloc },
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
): Violation[] {
  const out: Violation[] = [];
  for (const fa of files) {
    for (const rule of rules) {
      const def = METRICS[rule.metric];
      if (!def) continue;
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
        const v = def.readFunction?.(fn) ?? null;
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
