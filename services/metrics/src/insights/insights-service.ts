import type { Kysely } from 'kysely';
import { errors } from '../errors.js';
import { ensureRows } from '../history-runs/lazy-rows.js';
import { ageDistribution } from '../pipeline/insights/code-age.js';
import type { HistoryState } from '../pipeline/insights/compute-insights.js';
import { COUPLING_PARAMS } from '../pipeline/insights/coupling.js';
import { ancestorFolders, inFolder } from '../pipeline/insights/folders.js';
import { rankHotspots } from '../pipeline/insights/hotspot-rank.js';
import { AT_RISK_SHARE } from '../pipeline/insights/knowledge.js';
import { getAnalysis } from '../platform/http/get-analysis.js';
import { insightsRepo } from '../store/repos/insights-repo.js';
import type { MetricsDB } from '../store/schema.js';

const TOP_FUNCTIONS = 5;

interface Paging {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** A finished run's history state; 404 unknown, 409 not done. Runs from before the insights: unavailable. */
async function historyOf(deps: { db: Kysely<MetricsDB> }, id: number): Promise<HistoryState> {
  const row = await getAnalysis(deps, id);
  if (row.status !== 'done') {
    throw errors.analysis_not_done(
      `analysis ${id} is ${row.status}: its history insights exist once it is done`,
    );
  }
  await ensureRows(deps, row);
  const s = await insightsRepo.state(deps.db, id);
  if (!s) return { available: false, reason: null, commits_read: 0 };
  return {
    available: Number(s.available) === 1,
    reason: s.reason as HistoryState['reason'],
    commits_read: Number(s.commits_read),
  };
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Files ranked by hotspot score (`by` cc or cognitive), paged, with folder roll-ups of the selection. */
export async function hotspots(
  deps: { db: Kysely<MetricsDB> },
  id: number,
  q: Paging & { by?: 'cc' | 'cognitive' | undefined; folder?: string | undefined },
) {
  const by = q.by ?? 'cc';
  const history = await historyOf(deps, id);
  if (!history.available) return { history, by, total: 0, items: [], folders: [] };
  const folder = (q.folder ?? '').replace(/^\/+|\/+$/g, '');
  const rows = await insightsRepo.files(deps.db, id);
  // Ranks are over the whole run so a folder's view shows where its files stand overall.
  const ranked = rankHotspots(
    rows.map((r) => ({
      ...r,
      score: n(by === 'cc' ? r.hotspot_score : r.hotspot_score_cognitive),
      revisions: n(r.revisions),
    })),
  ).filter((r) => inFolder(r.path, folder));
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const page = ranked.slice(offset, offset + limit);
  const fns = await insightsRepo.functionsOf(
    deps.db,
    id,
    page.map((r) => r.path),
    by === 'cc' ? 'complexity' : 'cognitive',
  );
  const top = new Map<string, typeof fns>();
  for (const f of fns) {
    const list = top.get(f.path) ?? [];
    if (list.length < TOP_FUNCTIONS) list.push(f);
    top.set(f.path, list);
  }
  const folders = new Map<string, { path: string; score: number; score_sum: number; files: number }>();
  for (const r of ranked) {
    for (const d of ancestorFolders(r.path)) {
      if (!inFolder(d, folder) && d !== folder) continue;
      const f = folders.get(d) ?? { path: d, score: 0, score_sum: 0, files: 0 };
      f.score = Math.max(f.score, r.score);
      f.score_sum += r.score;
      f.files++;
      folders.set(d, f);
    }
  }
  return {
    history,
    by,
    total: ranked.length,
    items: page.map((r) => ({
      path: r.path,
      score: r.score,
      rank: r.rank,
      revisions: r.revisions,
      revisions_90d: n(r.revisions_90d),
      churn: n(r.churn),
      churn_90d: n(r.churn_90d),
      complexity: n(r.complexity_sum),
      cognitive: n(r.cognitive_sum),
      loc: n(r.loc),
      age_months: n(r.age_months),
      top_functions: (top.get(r.path) ?? []).map((f) => ({
        name: f.name,
        class_name: f.class_name === '' ? null : f.class_name,
        lineno: n(f.lineno),
        complexity: n(f.complexity),
        cognitive: n(f.cognitive),
      })),
    })),
    folders: [...folders.values()].sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1)),
  };
}

/** Coupled pairs, strongest first, paged; `path` keeps the pairs that contain that file. */
export async function coupling(
  deps: { db: Kysely<MetricsDB> },
  id: number,
  q: Paging & { path?: string | undefined },
) {
  const history = await historyOf(deps, id);
  const params = { ...COUPLING_PARAMS };
  if (!history.available) return { history, total: 0, params, items: [] };
  const { rows, total } = await insightsRepo.couplingPage(deps.db, id, {
    path: q.path,
    limit: q.limit ?? 50,
    offset: q.offset ?? 0,
  });
  return {
    history,
    total,
    params,
    items: rows.map((r) => ({
      path_a: r.path_a,
      path_b: r.path_b,
      shared_commits: n(r.shared_commits),
      degree: n(r.degree),
      revisions_a: n(r.revisions_a),
      revisions_b: n(r.revisions_b),
    })),
  };
}

/** Main authors, the bus factor of the repository and of each folder, and the files at risk. */
export async function knowledge(deps: { db: Kysely<MetricsDB> }, id: number) {
  const history = await historyOf(deps, id);
  const empty = { bus_factor: 0, authors_total: 0, authors: [], files: [], folders: [], at_risk: [] };
  if (!history.available) return { history, ...empty };
  const [state, rows, authors, folders] = await Promise.all([
    insightsRepo.state(deps.db, id),
    insightsRepo.files(deps.db, id),
    insightsRepo.authors(deps.db, id),
    insightsRepo.folders(deps.db, id),
  ]);
  const mainOf = new Map<string, number>();
  for (const r of rows) {
    if (r.main_author_email) mainOf.set(r.main_author_email, (mainOf.get(r.main_author_email) ?? 0) + 1);
  }
  const author = (r: (typeof rows)[number]) =>
    r.main_author_email === null ? null : { name: r.main_author_name ?? '', email: r.main_author_email };
  return {
    history,
    bus_factor: n(state?.bus_factor),
    authors_total: n(state?.authors_total),
    authors: authors.map((a) => ({
      name: a.name,
      email: a.email,
      files_main: mainOf.get(a.email) ?? 0,
      lines: n(a.lines),
    })),
    files: rows.map((r) => ({
      path: r.path,
      main_author: author(r),
      main_author_share: n(r.main_author_share),
      knowledgeable_authors: n(r.knowledgeable_authors),
      authors_total: n(r.authors),
    })),
    folders: folders.map((f) => ({ path: f.path, bus_factor: n(f.bus_factor), files: n(f.files) })),
    at_risk: rows
      .filter((r) => n(r.knowledgeable_authors) === 1 && n(r.main_author_share) >= AT_RISK_SHARE)
      .sort((a, b) => n(b.main_author_share) - n(a.main_author_share) || (a.path < b.path ? -1 : 1))
      .map((r) => ({
        path: r.path,
        main_author: author(r)!,
        main_author_share: n(r.main_author_share),
      })),
  };
}

/** Whole months since each file last changed, and how many files fall in each age bucket. */
export async function codeAge(deps: { db: Kysely<MetricsDB> }, id: number) {
  const history = await historyOf(deps, id);
  if (!history.available) return { history, files: [], distribution: ageDistribution([]) };
  const rows = (await insightsRepo.files(deps.db, id)).filter((r) => r.last_changed !== null);
  const files = rows.map((r) => ({
    path: r.path,
    age_months: n(r.age_months),
    last_changed: new Date(n(r.last_changed)).toISOString(),
  }));
  return { history, files, distribution: ageDistribution(files.map((f) => f.age_months)) };
}
