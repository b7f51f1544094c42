// Per-commit runs' stored rows against a fresh measurement of their commit (copied-rows.test.ts and
// manifest-rows.test.ts).
import { execFileSync } from 'node:child_process';
import type { AnalyzerPool, FileAnalysis } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { childResults } from '../../src/history-runs/child-rows.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { gitSync } from '../fixtures-builder/build-repo.js';

const TABLES = ['file_metrics', 'class_metrics', 'function_metrics'] as const;
export type Rows = Record<(typeof TABLES)[number], Record<string, unknown>[]>;

const byKey = (a: Record<string, unknown>, b: Record<string, unknown>): number => {
  const ka = `${a.path}\0${String(a.lineno ?? '').padStart(9, '0')}\0${a.class_name ?? ''}\0${a.name ?? ''}`;
  const kb = `${b.path}\0${String(b.lineno ?? '').padStart(9, '0')}\0${b.class_name ?? ''}\0${b.name ?? ''}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Every stored row of run `id` at the three levels, without `id` and `analysis_id`, in a fixed order. */
export async function rowsOf(db: Kysely<MetricsDB>, id: number): Promise<Rows> {
  const out = {} as Rows;
  for (const t of TABLES) {
    const rows = (await db.selectFrom(t).selectAll().where('analysis_id', '=', id).execute()) as Record<
      string,
      unknown
    >[];
    out[t] = rows.map(({ id: _id, analysis_id: _a, ...rest }) => rest).sort(byKey);
  }
  return out;
}

/** The rows childResults builds for `analyses`, with every column the stored rows have (absent ones null). */
export function expectedRows(analyses: FileAnalysis[], like: Rows): Rows {
  const r = childResults(analyses, { repoUrl: 'x', ref: 'main', commitSha: 'x', durationMs: 1, now: 1 });
  const widen = (rows: object[], cols: string[]) =>
    rows
      .map((row) => Object.fromEntries(cols.map((c) => [c, (row as Record<string, unknown>)[c] ?? null])))
      .sort(byKey);
  const cols = (t: keyof Rows, rows: object[]) => Object.keys(like[t][0] ?? rows[0] ?? {});
  return {
    file_metrics: widen(r.files, cols('file_metrics', r.files)),
    class_metrics: widen(r.classes, cols('class_metrics', r.classes)),
    function_metrics: widen(r.functions, cols('function_metrics', r.functions)),
  };
}

/** pyscan's results for the Python files of commit `sha` (as a history run picks them: no tests), measured afresh. */
export async function measureCommit(pool: AnalyzerPool, dir: string, sha: string): Promise<FileAnalysis[]> {
  const paths = gitSync(dir, ['ls-tree', '-r', '--name-only', sha])
    .split('\n')
    .filter((p) => p.endsWith('.py') && !p.startsWith('tests/'))
    .sort();
  return Promise.all(
    paths.map((p) =>
      pool.analyzeSource(execFileSync('git', ['cat-file', 'blob', `${sha}:${p}`], { cwd: dir }), p),
    ),
  );
}
