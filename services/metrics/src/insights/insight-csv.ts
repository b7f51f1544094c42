import type { FileAnalysis } from '@app/pyscan';
import type { RunInsights } from '../pipeline/insights/compute-insights.js';
import { rankHotspots } from '../pipeline/insights/hotspot-rank.js';
import type { FileRow } from '../pipeline/results/file-row.js';

export const HOTSPOT_CSV_COLUMNS = [
  'rank',
  'path',
  'score',
  'score_cognitive',
  'revisions',
  'revisions_90d',
  'churn',
  'churn_90d',
  'complexity',
  'cognitive',
  'loc',
  'age_months',
  'top_function',
  'top_function_complexity',
] as const;

export const COUPLING_CSV_COLUMNS = [
  'path_a',
  'path_b',
  'shared_commits',
  'degree',
  'revisions_a',
  'revisions_b',
] as const;

export const KNOWLEDGE_CSV_COLUMNS = [
  'path',
  'main_author_name',
  'main_author_email',
  'main_author_share',
  'knowledgeable_authors',
  'authors_total',
  'age_months',
  'last_changed',
] as const;

/** The three insight CSVs' rows; all empty (headers only) when the history is unavailable. */
export function insightCsvRows(files: FileRow[], analyses: FileAnalysis[], r: RunInsights) {
  if (!r.state.available) return { hotspots: [], coupling: [], knowledge: [] };
  const fnsByPath = new Map(analyses.map((a) => [a.file.path, a.functions]));
  const ranked = rankHotspots(
    files.map((f) => {
      const x = r.files.get(f.path);
      return { path: f.path, score: x?.hotspot_score ?? 0, revisions: f.revisions ?? 0 };
    }),
  );
  const byPath = new Map(files.map((f) => [f.path, f]));
  const hotspots = ranked.map(({ path, rank }) => {
    const f = byPath.get(path)!;
    const x = r.files.get(path);
    const worst = [...(fnsByPath.get(path) ?? [])].sort(
      (a, b) => b.complexity - a.complexity || b.cognitive - a.cognitive || a.lineno - b.lineno,
    )[0];
    return {
      rank,
      path,
      score: x?.hotspot_score ?? 0,
      score_cognitive: x?.hotspot_score_cognitive ?? 0,
      revisions: f.revisions ?? 0,
      revisions_90d: x?.revisions_90d ?? 0,
      churn: x?.churn ?? 0,
      churn_90d: x?.churn_90d ?? 0,
      complexity: x?.complexity_sum ?? 0,
      cognitive: x?.cognitive_sum ?? 0,
      loc: f.loc ?? 0,
      age_months: x?.age_months ?? null,
      top_function: worst ? (worst.class ? `${worst.class}.${worst.name}` : worst.name) : null,
      top_function_complexity: worst?.complexity ?? null,
    };
  });
  const authorsOf = new Map<string, number>();
  for (const s of r.shares) authorsOf.set(s.path, (authorsOf.get(s.path) ?? 0) + 1);
  const knowledge = files.map((f) => {
    const x = r.files.get(f.path);
    return {
      path: f.path,
      main_author_name: x?.main_author_name ?? null,
      main_author_email: x?.main_author_email ?? null,
      main_author_share: x?.main_author_share ?? null,
      knowledgeable_authors: x?.knowledgeable_authors ?? null,
      authors_total: authorsOf.get(f.path) ?? 0,
      age_months: x?.age_months ?? null,
      last_changed: x?.last_changed == null ? null : new Date(x.last_changed).toISOString(),
    };
  });
  return { hotspots, coupling: r.pairs, knowledge };
}
