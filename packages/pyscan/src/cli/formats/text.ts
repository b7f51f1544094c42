// --format text: a summary, the worst functions and files, and the gate's verdict.
import type { Report } from '../report.js';
import type { Violation } from '../thresholds.js';
import type { Paint } from './color.js';
import { count, shown } from './wording.js';

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
  return `${v.path}:${v.line}: ${v.name}: ${v.metric} ${shown(v.value)} (limit ${v.rule})`;
}

export function renderText(r: Report, p: Paint, top: number): string {
  const s = r.summary;
  const out: string[] = [];
  const fns = r.files.flatMap((f) => f.functions);
  out.push(
    p.bold(`pyscan ${r.tool.version}`) +
      ` — ${count(s.files, 'file')}, ${count(s.classes, 'class')}, ${count(s.functions, 'function')} in ${r.seconds.toFixed(2)} s (${count(r.threads, 'thread')})`,
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
    out.push(p.yellow(`not measured     ${count(broken.length, 'file')}:`));
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
  out.push(...codeHealthLines(r));
  out.push('', ...gateLines(r, p));
  return `${out.join('\n')}\n`;
}

/** Typing, docstrings, cycles and contracts, after the summary (docs/code-health.md). */
function codeHealthLines(r: Report): string[] {
  const h = r.codeHealth;
  const pct = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)} %`);
  const out = [
    '',
    `typed            ${pct(h.typed_pct)} (${h.typed_annotated} of ${h.typed_slots} parameters and returns annotated)`,
    `documented       ${pct(h.doc_pct)} (${h.doc_documented} of ${h.doc_items} public modules, classes and functions)`,
    `import cycles    ${h.cycles.length}${h.cycles.length > 0 ? `: ${h.cycles.map((c) => c.shortest.join(' -> ')).join('; ')}` : ''}`,
  ];
  const c = r.coverage;
  if (c) {
    out.push(
      `coverage         ${pct(c.line_pct)} of ${c.lines} statements, branches ${pct(c.branch_pct)} (${c.report}; ${c.files.length} files matched, ${c.unmatched_report.length} report paths unmatched)`,
    );
    if (c.new_code)
      out.push(`new code         ${pct(c.new_code.pct)} of ${c.new_code.lines} changed statements covered`);
  }
  out.push(...healthLines(r));
  if (h.contracts) {
    out.push(`contracts        ${h.contracts.broken} of ${h.contracts.results.length} broken`);
    for (const c of h.contracts.results.filter((x) => !x.kept)) {
      for (const b of c.broken) out.push(`  ${c.name}: ${b.chain.join(' -> ')}`);
    }
  }
  return out;
}

const deductionText = (ds: readonly { kind: string; points: number }[]) =>
  ds.length === 0 ? 'nothing deducted' : ds.map((d) => `${d.kind} -${d.points}`).join(', ');

/** The repository's health score and the least healthy functions, each with what it lost points for. */
function healthLines(r: Report): string[] {
  const h = r.health;
  const out = [`health           ${h.health.toFixed(1)} / 10 (${deductionText(h.deductions)})`];
  const worst = h.functions
    .filter((f) => f.deductions.length > 0)
    .sort((a, b) => a.health - b.health || cmpLoc(a, b))
    .slice(0, 5);
  for (const f of worst) {
    const name = f.class ? `${f.class}.${f.name}` : f.name;
    out.push(`  ${f.health.toFixed(1)}  ${f.path}:${f.lineno} ${name}: ${deductionText(f.deductions)}`);
  }
  return out;
}

/** The gate's verdict and every violation: the whole text of it, reused on stderr by other formats. */
export function gateLines(r: Report, p: Paint): string[] {
  const rules = r.gate.rules.map((x) => x.text).join(', ');
  if (r.gate.rules.length === 0) return [p.dim('gate: no --fail-on limits set')];
  const b = r.gate.baseline;
  if (b?.recorded) return [p.green(`baseline recorded: ${count(b.known, 'violation')} written to ${b.file}`)];
  const scope = `${
    r.diff ? ` on code changed since ${r.diff.ref} (${count(r.diff.changed_files.length, 'file')})` : ''
  }${b ? ` (${count(b.known, 'known violation')} in ${b.file} not counted)` : ''}`;
  if (r.gate.passed) return [p.green(`gate passed: no item breaks ${rules}${scope}`)];
  const n = r.gate.violations.length;
  return [
    p.red(p.bold(`gate failed: ${n} ${n === 1 ? 'item breaks' : 'items break'} ${rules}${scope}`)),
    ...r.gate.violations.map((v) => `  ${violationLine(v)}`),
  ];
}

function cmpLoc(a: { path: string; lineno: number }, b: { path: string; lineno: number }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.lineno - b.lineno;
}
