// The saved gate's conditions: pyscan's `--fail-on` grammar (`metric op value`, comma-separated), over
// three kinds of metric, so a name pyscan learns (its METRICS table) or a run-level number the
// summary gains (its SUMMARY_COLUMNS) is a gate condition with no change here:
//   - an item metric of pyscan (`cc>15`, `mi<20`, `rank>=D`): fails when any function or file breaks it;
//   - a run-level number of the summary.csv row (`cc_avg>5`, `mi_avg<40`, `duplicated_lines_pct>10`);
//   - either prefixed `new_`: new code only (`new_cc>10`), and the counts `new_files`, `new_functions`.
// pyscan's repository measures (`typed`, `documented`, `cycles`, `contracts`, `coverage`,
// `new_coverage`) are run-level numbers of the summary under the same names (issue 35).
import { METRIC_NAMES, metricNames, parseFailOn, type Rule } from '@app/pyscan/gate';
import { SUMMARY_CSV_COLUMNS } from '../../pipeline/results/build-results.js';

const NOT_NUMBERS = new Set(['repository', 'ref', 'commit', 'history_enabled']);
const NEW_CODE_COUNTS = ['files', 'functions'];
/** pyscan's metrics judged per function or file; its repository ones are read from the summary here. */
const ITEM_METRICS = [...metricNames('function'), ...metricNames('file')];

export function runMetricNames(): string[] {
  return SUMMARY_CSV_COLUMNS.filter((c) => !NOT_NUMBERS.has(c));
}

export type ConditionKind = 'run' | 'items' | 'new_code';

export interface Condition {
  /** Canonical spelling, e.g. `new_cc>10`. */
  text: string;
  kind: ConditionKind;
  metric: string;
  op: Rule['op'];
  value: number | string;
  /** For item metrics: the rule pyscan evaluates. */
  rule: Rule | null;
}

const COND_RE = /^([A-Za-z_]+)\s*(>=|<=|==|>|<|=)\s*(\S+)$/;

/** Thrown with the message of the first bad condition; the route turns it into a 422. */
export class GateSyntaxError extends Error {
  constructor(
    message: string,
    readonly condition: string,
  ) {
    super(message);
  }
}

function itemRule(metric: string, op: string, raw: string, part: string): Rule {
  try {
    const [rule] = parseFailOn([`${metric}${op}${raw}`]);
    if (!rule) throw new Error('empty');
    return rule;
  } catch (e) {
    // pyscan's messages speak of --fail-on; here the same rule is a gate condition.
    throw new GateSyntaxError((e as Error).message.replace(' in --fail-on', ''), part);
  }
}

function parseOne(part: string): Condition {
  const m = COND_RE.exec(part);
  if (!m) {
    throw new GateSyntaxError(
      `invalid condition '${part}': expected <metric><op><value> with op one of > >= < <= =, e.g. cc>15`,
      part,
    );
  }
  const name = (m[1] ?? '').toLowerCase();
  const op = m[2] === '==' ? '=' : (m[2] ?? '=');
  const raw = m[3] ?? '';
  const whole = runMetricNames().includes(name) && !ITEM_METRICS.includes(name);
  const isNew = !whole && name.startsWith('new_');
  const metric = isNew ? name.slice(4) : name;
  const items = !whole && ITEM_METRICS.includes(metric);
  if (items) {
    const rule = itemRule(metric, op, raw, part);
    return {
      text: `${name}${rule.op}${rule.value}`,
      kind: isNew ? 'new_code' : 'items',
      metric,
      op: rule.op,
      value: rule.value,
      rule,
    };
  }
  const runNames = isNew ? NEW_CODE_COUNTS : runMetricNames();
  if (!runNames.includes(metric)) {
    const valid = [
      ...new Set([
        ...METRIC_NAMES,
        ...runMetricNames(),
        ...[...ITEM_METRICS, ...NEW_CODE_COUNTS].map((n) => `new_${n}`),
      ]),
    ];
    throw new GateSyntaxError(
      `unknown metric '${m[1]}' in condition '${part}'; valid metrics: ${valid.join(', ')}`,
      part,
    );
  }
  const value = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value)) {
    throw new GateSyntaxError(`invalid value '${raw}' for ${name}: a number`, part);
  }
  return {
    text: `${name}${op}${value}`,
    kind: isNew ? 'new_code' : 'run',
    metric,
    op: op as Rule['op'],
    value,
    rule: null,
  };
}

/** Parses conditions given as one comma-separated string or a list of such strings. */
export function parseConditions(input: string | string[]): Condition[] {
  const parts = (Array.isArray(input) ? input : [input])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const byText = new Map<string, Condition>();
  for (const c of parts.map(parseOne)) if (!byText.has(c.text)) byText.set(c.text, c);
  return [...byText.values()];
}

/** Whether `actual` breaks `op value` (numbers; rank letters are handled by pyscan's evaluation). */
export function breaksNumber(actual: number, op: Rule['op'], limit: number): boolean {
  switch (op) {
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    default:
      return actual === limit;
  }
}
