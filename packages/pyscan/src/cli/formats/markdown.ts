// --format markdown: a pull request comment. The verdict first, then the worst offenders (the items
// that fail the gate, furthest past their limit first; without limits, the most complex functions),
// then with --diff each changed file's numbers before → after. GitHub-flavoured Markdown tables.
import type { Report } from '../report.js';
import { metricLabel, type Violation } from '../thresholds.js';
import { count, shown } from './wording.js';

/** A hidden marker a bot can look for to update its comment instead of adding another. */
export const COMMENT_MARKER = '<!-- pyscan-report -->';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** How far past its limit a violation is, for "worst first" (ranks by letter distance). */
function overshoot(v: Violation): number {
  const limit = v.limit.replace(/^[<>=]+\s*/, '');
  if (typeof v.value === 'string') return Math.abs(v.value.charCodeAt(0) - limit.charCodeAt(0));
  const l = Number(limit);
  return l === 0 ? Math.abs(v.value) : Math.abs(v.value - l) / Math.abs(l);
}

function verdictLine(r: Report): string {
  const rules = r.gate.rules.map((x) => code(x.text)).join(', ');
  const scope = r.diff ? ` on code changed since ${code(r.diff.ref)}` : '';
  const base =
    r.gate.baseline && !r.gate.baseline.recorded
      ? ` (${count(r.gate.baseline.known, 'known violation')} in the baseline not counted)`
      : '';
  if (r.gate.rules.length === 0) return '**pyscan**: no limits set (`--fail-on`), nothing to judge.';
  if (r.gate.passed) return `### ✅ pyscan: gate passed\nNo item breaks ${rules}${scope}${base}.`;
  const n = r.gate.violations.length;
  return `### ❌ pyscan: gate failed\n${n} ${n === 1 ? 'item breaks' : 'items break'} ${rules}${scope}${base}.`;
}

function offenders(r: Report, top: number): string[] {
  if (r.gate.violations.length > 0) {
    const worst = [...r.gate.violations].sort((a, b) => overshoot(b) - overshoot(a)).slice(0, top);
    return [
      '',
      `#### Worst offenders${r.gate.violations.length > top ? ` (${top} of ${r.gate.violations.length})` : ''}`,
      '',
      '| Where | Item | Metric | Value | Limit |',
      '|---|---|---|---:|---|',
      ...worst.map(
        (v) =>
          `| ${code(`${r.uriOf(v.path)}:${v.line}`)} | ${cell(v.name)} | ${metricLabel(v.metric)} | ${shown(v.value)} | ${code(v.rule)} |`,
      ),
    ];
  }
  const fns = r.files
    .flatMap((f) => f.functions)
    .sort((a, b) => b.complexity - a.complexity || b.cognitive - a.cognitive)
    .slice(0, Math.min(top, 5));
  if (fns.length === 0) return [];
  return [
    '',
    '#### Most complex functions',
    '',
    '| Where | Function | Complexity | Cognitive |',
    '|---|---|---:|---:|',
    ...fns.map(
      (f) =>
        `| ${code(`${r.uriOf(f.path)}:${f.lineno}`)} | ${cell(f.class ? `${f.class}.${f.name}` : f.name)} | ${f.complexity} | ${f.cognitive} |`,
    ),
  ];
}

const arrow = (now: number | null, before: number | null, digits = 0) => {
  const f = (x: number | null) => (x === null ? '–' : digits ? x.toFixed(digits) : String(x));
  if (before === null) return f(now);
  if (now === before) return f(now);
  return `${f(before)} → ${f(now)}`;
};

function deltas(r: Report): string[] {
  if (!r.diff) return [];
  const d = r.deltas ?? [];
  if (d.length === 0) return ['', `No Python file changed since ${code(r.diff.ref)}.`];
  return [
    '',
    `#### New code since ${code(r.diff.ref)}: ${count(d.length, 'file')}`,
    '',
    '| File | Change | Functions | Worst complexity | Worst cognitive | Maintainability |',
    '|---|---|---:|---:|---:|---:|',
    ...d.map(
      (x) =>
        `| ${code(r.uriOf(x.path))} | ${x.change} | ${arrow(...x.functions)} | ${arrow(...x.cc_max)} | ${arrow(...x.cognitive_max)} | ${arrow(x.mi[0], x.mi[1], 1)} |`,
    ),
  ];
}

export function renderMarkdown(r: Report, top: number): string {
  const s = r.summary;
  return `${[
    COMMENT_MARKER,
    verdictLine(r),
    ...offenders(r, top),
    ...deltas(r),
    '',
    `<sub>pyscan ${r.tool.version}: ${count(s.files, 'file')}, ${count(s.functions, 'function')}, average complexity ${s.cc_avg === null ? '–' : shown(Number(s.cc_avg))}, average maintainability ${s.mi_avg === null ? '–' : shown(Number(s.mi_avg))}.</sub>`,
  ].join('\n')}\n`;
}
