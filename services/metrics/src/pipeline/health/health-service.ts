// A run's health score (pyscan's health/), computed when read from what the run stored: its function
// measures, pylint's and bandit's findings, its clones, its import cycles and the uploaded coverage.
// Computed on read, not stored, so a coverage report uploaded after the run counts at once.
import {
  coverageKey,
  cyclePathsOf,
  type Deduction,
  type FileAnalysis,
  type HealthSection,
  healthOfRun,
  toCsv,
} from '@app/pyscan';
import { coverageRepo } from '../../store/repos/coverage-repo.js';
import { healthRepo } from '../../store/repos/health-repo.js';
import { getCodeHealth } from '../code-health/code-health-service.js';
import type { RunCoverage } from '../coverage/coverage-service.js';
import { isEnvironmentSymbol } from '../findings/environment-findings.js';
import type { RunReads } from '../run-reads.js';

/** The run's health; with `path`, only that file and its functions (the repository's score stays whole). */
export async function getRunHealth(ctx: RunReads, id: number, path?: string): Promise<HealthSection> {
  const codeHealth = await getCodeHealth(ctx, id); // 404 / 409 for runs without it or not done
  const [files, fns, findings, clones, coverage] = await Promise.all([
    healthRepo.files(ctx.db, id),
    healthRepo.functions(ctx.db, id),
    healthRepo.findings(ctx.db, id),
    healthRepo.clones(ctx.db, id),
    coverageRepo.get(ctx.db, id),
  ]);
  const byPath = new Map<string, FileAnalysis>();
  for (const f of files) {
    byPath.set(f.path, {
      file: { path: f.path, sloc: f.sloc, parse_error: f.parse_error },
      classes: [],
      functions: [],
    } as unknown as FileAnalysis);
  }
  for (const f of fns) {
    byPath
      .get(f.path)
      ?.functions.push({ ...f, class: f.class_name, is_method: f.class_name !== '', rank: '' });
  }
  const cov = coverage === null ? null : (JSON.parse(coverage) as RunCoverage);
  const all = healthOfRun([...byPath.values()], {
    // Environment findings are the analysis machine's, not the code's (docs/code-health.md).
    findings: findings
      .filter((f) => !isEnvironmentSymbol(f.symbol))
      .map((f) => ({ path: f.path, line: f.line, severity: f.severity ?? f.category })),
    clones: clones.map((c) => ({ path: c.path, startLine: c.start_line, endLine: c.end_line })),
    coverage: cov ? new Map(cov.functions.map((f) => [coverageKey(f.path, f.lineno, f.name), f])) : null,
    cyclePaths: cyclePathsOf([...byPath.keys()], codeHealth.cycles),
  });
  if (path === undefined) return all;
  return {
    ...all,
    files: all.files.filter((f) => f.path === path),
    functions: all.functions.filter((f) => f.path === path),
  };
}

/** health.csv's columns: the repository, each file and each function, with the deductions in one cell. */
export const HEALTH_COLUMNS = ['scope', 'path', 'class', 'name', 'lineno', 'health', 'deductions'] as const;

/** `complexity -1; findings -1.1`: the deductions as one readable CSV cell. */
const deductionCell = (ds: Deduction[]) => ds.map((d) => `${d.kind} -${d.points}`).join('; ');

export async function healthCsv(ctx: RunReads, id: number): Promise<string> {
  const h = await getRunHealth(ctx, id);
  const rows = [
    {
      scope: 'repository',
      path: '',
      class: '',
      name: '',
      lineno: '',
      health: h.health,
      deductions: deductionCell(h.deductions),
    },
    ...h.files.map((f) => ({
      scope: 'file',
      path: f.path,
      class: '',
      name: '',
      lineno: '',
      health: f.health,
      deductions: deductionCell(f.deductions),
    })),
    ...h.functions.map((f) => ({
      scope: 'function',
      path: f.path,
      class: f.class,
      name: f.name,
      lineno: f.lineno,
      health: f.health,
      deductions: deductionCell(f.deductions),
    })),
  ];
  return toCsv(HEALTH_COLUMNS, rows);
}
