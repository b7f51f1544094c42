// A run's health score (pyscan's health/): stored when the run is made and again when coverage is
// uploaded for it (run-health.ts); a run from before it was stored has it computed when read, from
// what the run stored: its function measures, findings, clones, import cycles and uploaded coverage.
import { type Deduction, type FileAnalysis, type HealthSection, toCsv } from '@app/pyscan';
import { coverageRepo } from '../../store/repos/coverage-repo.js';
import { healthRepo } from '../../store/repos/health-repo.js';
import { getCodeHealth } from '../code-health/code-health-service.js';
import type { RunCoverage } from '../coverage/coverage-service.js';
import type { RunReads } from '../run-reads.js';
import { runHealthOf } from './run-health.js';

/** The run's health from its stored rows (with its coverage, if uploaded); 404/409 as the code health. */
export async function computeRunHealth(ctx: RunReads, id: number): Promise<HealthSection> {
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
  return runHealthOf({
    analyses: [...byPath.values()],
    findings,
    clones,
    cycles: codeHealth.cycles,
    coverage: coverage === null ? null : (JSON.parse(coverage) as RunCoverage),
  });
}

/** The run's health; with `path`, only that file and its functions (the repository's score stays whole). */
export async function getRunHealth(ctx: RunReads, id: number, path?: string): Promise<HealthSection> {
  await getCodeHealth(ctx, id); // 404 / 409 for runs without it or not done
  const stored = await healthRepo.get(ctx.db, id);
  const all = stored === null ? await computeRunHealth(ctx, id) : (JSON.parse(stored) as HealthSection);
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
  return toCsv(HEALTH_COLUMNS, healthCsvRows(await getRunHealth(ctx, id)));
}

/** health.csv's rows: the repository first, then each file, then each function. */
export function healthCsvRows(h: HealthSection): Record<(typeof HEALTH_COLUMNS)[number], string | number>[] {
  return [
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
}
