// --format text: a summary, the worst functions and files, and the gate's verdict.
import type { FunctionMetrics } from '../../types.js';
import type { Report } from '../report.js';
import type { Violation } from '../thresholds.js';
import type { Paint } from './color.js';

function fmt(n: number | string | null | boolean, digits = 1): string {
  if (n === null) return '-';
  if (typeof n === 'number' && !Number.isInteger(n)) return n.toFixed(digits);
  return String(n);
}

function rankColor(p: Paint, rank: string): string {
  if (rank === 'A' || rank === 'B') return p.green(rank);
  if (rank === 'C') return p.yellow(rank);
  return p.red(rank);
}

function table(header: string[], rows: string[][], visible: (s: string) => number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => visible(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visible(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI codes this module adds
const visibleLength = (s: string) => s.replace(/\u001b\[\d+m/g, '').length;

export function violationLine(v: Violation): string {
  return `${v.path}:${v.line}: ${v.name}: ${v.metric} ${v.value} (limit ${v.rule})`;
}

export function renderText(r: Report, p: Paint, top: number): string {
  const s = r.summary;
  const out: string[] = [];
  const fns = r.files.flatMap((f) => f.functions);
  out.push(
    p.bold(`pyscan ${r.tool.version}`) +
      ` — ${s.files} files, ${s.classes} classes, ${s.functions} functions in ${r.seconds.toFixed(2)} s (${r.threads} threads)`,
  );
  out.push(
    `lines            loc ${s.loc}, sloc ${s.sloc}, lloc ${s.lloc}, comments ${s.comments}, blank ${s.blank}`,
  );
  out.push(
    `complexity       average ${fmt(s.cc_avg as number | null)}, max ${fmt(s.cc_max as number | null)}; ranks ` +
      ['a', 'b', 'c', 'd', 'e', 'f']
        .map((k) => `${k.toUpperCase()} ${s[`cc_rank_${k}` as keyof typeof s]}`)
        .join(', '),
  );
  out.push(
    `maintainability  average ${fmt(s.mi_avg as number | null)}; ranks ` +
      ['a', 'b', 'c'].map((k) => `${k.toUpperCase()} ${s[`mi_rank_${k}` as keyof typeof s]}`).join(', '),
  );
  const broken = r.files.filter((f) => f.file.parse_error);
  if (broken.length > 0) {
    out.push(p.yellow(`not measured     ${broken.length} files:`));
    for (const f of broken.slice(0, top)) out.push(`  ${f.file.path}: ${f.file.parse_error}`);
  }
  if (fns.length > 0) {
    const worst = [...fns]
      .sort((a, b) => b.complexity - a.complexity || b.cognitive - a.cognitive || cmpLoc(a, b))
      .slice(0, top);
    out.push('', p.bold(`Worst functions (of ${fns.length}, by cyclomatic complexity)`));
    const rows = worst.map((f) => [
      String(f.complexity),
      rankColor(p, f.rank),
      String(f.cognitive),
      String(f.params),
      String(f.max_nesting),
      `${f.path}:${f.lineno}`,
      f.class ? `${f.class}.${f.name}` : f.name,
    ]);
    out.push(
      ...table(['CC', 'RANK', 'COGNITIVE', 'PARAMS', 'NESTING', 'LOCATION', 'NAME'], rows, visibleLength).map(
        (l) => `  ${l}`,
      ),
    );
  }
  const measured = r.files.filter((f) => f.file.mi !== null);
  if (measured.length > 0) {
    const worst = [...measured].sort((a, b) => (a.file.mi ?? 0) - (b.file.mi ?? 0)).slice(0, top);
    out.push('', p.bold(`Worst files (of ${measured.length}, by maintainability index)`));
    const rows = worst.map((f) => [
      fmt(f.file.mi),
      rankColor(p, f.file.mi_rank ?? '-'),
      fmt(f.file.cc_max),
      fmt(f.file.sloc),
      f.file.path,
    ]);
    out.push(...table(['MI', 'RANK', 'CC MAX', 'SLOC', 'PATH'], rows, visibleLength).map((l) => `  ${l}`));
  }
  out.push('', ...gateLines(r, p));
  return `${out.join('\n')}\n`;
}

/** The gate's verdict and every violation: the whole text of it, reused on stderr by other formats. */
export function gateLines(r: Report, p: Paint): string[] {
  const rules = r.gate.rules.map((x) => x.text).join(', ');
  if (r.gate.rules.length === 0) return [p.dim('gate: no --fail-on limits set')];
  const scope = r.diff ? ` on code changed since ${r.diff.ref} (${r.diff.changed_files.length} files)` : '';
  if (r.gate.passed) return [p.green(`gate passed: no item breaks ${rules}${scope}`)];
  const n = r.gate.violations.length;
  return [
    p.red(p.bold(`gate failed: ${n} ${n === 1 ? 'item breaks' : 'items break'} ${rules}${scope}`)),
    ...r.gate.violations.map((v) => `  ${violationLine(v)}`),
  ];
}

function cmpLoc(a: FunctionMetrics, b: FunctionMetrics): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.lineno - b.lineno;
}
