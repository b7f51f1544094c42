import type { Kysely } from 'kysely';
import type { AnalysisRow } from '../../store/repos/analyses-repo.js';
import { trendsRepo } from '../../store/repos/trends-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { pointTime } from './trend-points.js';
import { seriesOf } from './trends-service.js';

/**
 * The run "Compare with previous" compares a finished run with, per run of `rows` (null when there is
 * none, or the run has not finished): the point before its commit in its series, by commit date. The
 * series holds the per-commit runs of history runs, and a commit is found by its sha when a newer run
 * of the same commit (a history run's own, say) stands for it. A run whose commit is first in its
 * series falls back to the repository's previous finished run, as before; a repository's first run
 * has none, and the UI then offers no comparison.
 */
export async function previousRunIds(
  deps: { db: Kysely<MetricsDB> },
  rows: AnalysisRow[],
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const done = rows.filter((r) => r.status === 'done' && r.history_parent_id == null);
  const byRepo = new Map<string, AnalysisRow[]>();
  for (const r of done) byRepo.set(r.repo_url, [...(byRepo.get(r.repo_url) ?? []), r]);
  for (const [repoUrl, runs] of byRepo) {
    const series = await seriesOf(deps, repoUrl, null, Number.MAX_SAFE_INTEGER);
    // The fallback counts every finished run, also one a newer run of its commit hides in the series.
    const topLevel = (await trendsRepo.runs(deps.db, repoUrl))
      .filter((r) => r.history_parent_id === null)
      .map((r) => Number(r.id));
    for (const run of runs) out.set(Number(run.id), previousOf(series, topLevel, run));
  }
  return out;
}

type Point = { id: number; commit_sha: string; commit_date_ms: number | null; created_at_ms: number };

function previousOf(series: { points: Point[] }[], topLevel: number[], run: AnalysisRow): number | null {
  const id = Number(run.id);
  const time = (p: Point) =>
    pointTime({ ...p, series: '', commit_date: p.commit_date_ms, created_at: p.created_at_ms });
  // Its own point first; else the point of its commit (a newer run of the same commit stands for it).
  const hits = [
    ...series.map((s) => ({ s, i: s.points.findIndex((p) => p.id === id) })),
    ...series.map((s) => ({ s, i: s.points.findIndex((p) => p.commit_sha === run.commit_sha) })),
  ].filter((h) => h.i >= 0);
  for (const { s, i } of hits) {
    const sorted = [...s.points].sort((a, b) => time(a) - time(b) || a.id - b.id);
    const at = sorted.indexOf(s.points[i]!);
    if (at > 0) return sorted[at - 1]!.id;
  }
  const earlier = topLevel.filter((other) => other < id);
  return earlier.length ? Math.max(...earlier) : null;
}
