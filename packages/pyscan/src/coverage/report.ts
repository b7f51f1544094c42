// coverage.py's reports read into one shape: per file, the statement lines covered and missed and
// the branches. Cobertura XML (`coverage xml`) and coverage.py's JSON (`coverage json`) are accepted.
import { XMLParser } from 'fast-xml-parser';

/** One file of a coverage report. */
export interface FileCoverage {
  /** The path as the report names it (joined with the report's source root when it gives one). */
  path: string;
  covered: number[];
  missed: number[];
  /** Branch counts per line that has branches (`[covered, total]`), from `--branch` runs. */
  branches: Map<number, [number, number]>;
}

export interface CoverageReport {
  format: 'cobertura' | 'coverage.py-json';
  files: FileCoverage[];
}

/** A report that is neither format, or broken; `message` is one line. */
export class CoverageReportError extends Error {
  override readonly name = 'CoverageReportError';
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Reads a Cobertura XML or coverage.py JSON report (detected from its first character). */
export function readCoverageReport(text: string): CoverageReport {
  const start = text.trimStart()[0];
  if (start === '{') return readJson(text);
  if (start === '<') return readCobertura(text);
  throw new CoverageReportError('not a coverage report: expected Cobertura XML or coverage.py JSON');
}

function readJson(text: string): CoverageReport {
  let doc: {
    files?: Record<
      string,
      {
        executed_lines?: number[];
        missing_lines?: number[];
        executed_branches?: number[][];
        missing_branches?: number[][];
        summary?: { covered_lines?: number };
      }
    >;
  };
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new CoverageReportError(`coverage JSON does not parse: ${(e as Error).message}`);
  }
  if (typeof doc.files !== 'object' || doc.files === null) {
    throw new CoverageReportError('coverage JSON has no "files" object (made by `coverage json`?)');
  }
  const files: FileCoverage[] = [];
  for (const [path, f] of Object.entries(doc.files)) {
    const missed = [...(f.missing_lines ?? [])].sort((a, b) => a - b);
    const branches = new Map<number, [number, number]>();
    for (const [from] of f.executed_branches ?? []) bump(branches, from!, true);
    for (const [from] of f.missing_branches ?? []) bump(branches, from!, false);
    let covered = [...(f.executed_lines ?? [])].sort((a, b) => a - b);
    // coverage.py lists a module docstring's line as executed without counting it as a statement (the
    // XML leaves it out): the summary's count is the statements', and the extra lines are the first.
    const count = f.summary?.covered_lines;
    if (typeof count === 'number' && count < covered.length) covered = covered.slice(covered.length - count);
    files.push({ path, covered, missed, branches });
  }
  return { format: 'coverage.py-json', files };
}

function bump(m: Map<number, [number, number]>, line: number, covered: boolean): void {
  const c = m.get(line) ?? [0, 0];
  if (covered) c[0]++;
  c[1]++;
  m.set(line, c);
}

function readCobertura(text: string): CoverageReport {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
  });
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch (e) {
    throw new CoverageReportError(
      `coverage XML does not parse: ${String((e as Error).message).split('\n')[0]}`,
    );
  }
  const root = doc.coverage as Record<string, unknown> | undefined;
  if (!root) throw new CoverageReportError('not a Cobertura report: no <coverage> element');
  const files: FileCoverage[] = [];
  const packages = asArray((root.packages as { package?: unknown } | undefined)?.package) as Record<
    string,
    unknown
  >[];
  for (const pkg of packages) {
    const classes = asArray((pkg.classes as { class?: unknown } | undefined)?.class) as Record<
      string,
      unknown
    >[];
    for (const cls of classes) {
      const path = String(cls.filename ?? '');
      const lines = asArray((cls.lines as { line?: unknown } | undefined)?.line) as Record<string, string>[];
      const covered: number[] = [];
      const missed: number[] = [];
      const branches = new Map<number, [number, number]>();
      for (const l of lines) {
        const n = Number(l.number);
        if (!Number.isInteger(n)) continue;
        if (Number(l.hits) > 0) covered.push(n);
        else missed.push(n);
        const cc = /\((\d+)\/(\d+)\)/.exec(l['condition-coverage'] ?? '');
        if (l.branch === 'true' && cc) branches.set(n, [Number(cc[1]), Number(cc[2])]);
      }
      // One file may be split over several <class> entries (other tools): merged.
      const same = files.find((f) => f.path === path);
      if (same) {
        same.covered.push(...covered);
        same.missed.push(...missed);
        for (const [k, v] of branches) same.branches.set(k, v);
      } else files.push({ path, covered, missed, branches });
    }
  }
  for (const f of files) {
    f.covered.sort((a, b) => a - b);
    f.missed.sort((a, b) => a - b);
  }
  return { format: 'cobertura', files };
}
