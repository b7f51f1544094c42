import type { Kysely } from 'kysely';
import { childRows } from '../../history-runs/child-rows.js';
import { ManifestReader } from '../../history-runs/manifest-reader.js';
import { isoOrNull } from '../../platform/http/schemas.js';
import type {
  FileTrendPoint,
  FileTrendResponse,
  FunctionTrendPoint,
  FunctionTrendResponse,
  PointRun,
  Series,
  TrendPoint,
  TrendResponse,
} from '../../shared-types/trend-types.js';
import { trendsRepo } from '../../store/repos/trends-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { settingsDifferences, settingsView } from '../run-settings.js';
import { fileLineage } from './file-lineage.js';
import { buildSeries } from './trend-points.js';

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type FileRow = Awaited<ReturnType<typeof trendsRepo.fileRows>>[number];

type Run = TrendPoint & { commit_date_ms: number | null; created_at_ms: number; settings: string };

/** The finished runs of a repository as trend points, in series (a per-commit run joins its history run's series). */
export async function seriesOf(
  deps: { db: Kysely<MetricsDB> },
  repoUrl: string,
  ref: string | null,
  limit: number,
) {
  const rows = await trendsRepo.runs(deps.db, repoUrl);
  const runs = rows.map((r) => {
    const parent = r.history_parent_id !== null;
    const series =
      (parent ? (r.parent_ref ?? r.parent_branch ?? r.parent_ref_used) : null) ??
      r.ref ??
      r.branch ??
      r.ref_used ??
      'HEAD';
    const commitDate = n(r.commit_date);
    return {
      id: Number(r.id),
      series,
      ref_used: r.ref_used,
      branch: r.branch,
      ref: r.ref,
      commit_sha: r.commit_sha,
      commit_date: isoOrNull(commitDate),
      created_at: new Date(Number(r.created_at)).toISOString(),
      finished_at: isoOrNull(n(r.finished_at)),
      history_parent_id: n(r.history_parent_id),
      files: Number(r.files),
      classes: Number(r.classes),
      functions: Number(r.functions),
      loc: Number(r.loc),
      sloc: Number(r.sloc),
      cc_avg: n(r.cc_avg),
      cc_max: n(r.cc_max),
      mi_avg: n(r.mi_avg),
      pylint_avg: n(r.pylint_avg),
      parse_errors: Number(r.parse_errors),
      duplicated_lines_pct: n(r.duplicated_lines_pct),
      coverage: n(r.coverage),
      new_coverage: n(r.new_coverage),
      cycles: n(r.cycles),
      contracts: n(r.contracts),
      typed: n(r.typed),
      documented: n(r.documented),
      security_findings: n(r.security_findings),
      health: n(r.health),
      commit_date_ms: commitDate,
      created_at_ms: Number(r.created_at),
      settings: r.settings,
    };
  });
  const chosen = ref === null ? runs : runs.filter((r) => r.series === ref);
  return buildSeries(
    chosen.map((r) => ({ ...r, commit_date: r.commit_date_ms, created_at: r.created_at_ms, run: r })),
    limit,
  ).map((s) => ({ ref: s.ref, points: markSettingsChanges(s.points.map((p) => p.run as Run)) }));
}

/** Each point measured under other settings than the one before it says what changed (TrendPoint). */
function markSettingsChanges(points: Run[]): Run[] {
  return points.map((p, i) => {
    const prev = points[i - 1];
    if (!prev) return p;
    const changed = settingsDifferences(settingsView(prev.settings), settingsView(p.settings), [
      `run #${prev.id}`,
      `run #${p.id}`,
    ]);
    return changed.length > 0 ? { ...p, settings_changed: changed } : p;
  });
}

/**
 * The file's path in every run of every series: renames are followed along one timeline of all the
 * series' commits by date, so a branch or tag analysed once still finds the file under its old name.
 */
async function lineageAcross(deps: { db: Kysely<MetricsDB> }, series: { points: Run[] }[], path: string) {
  const runs = series.flatMap((s) => s.points);
  const time = (r: Run) => r.commit_date_ms ?? r.created_at_ms;
  runs.sort((a, b) => time(a) - time(b) || a.id - b.id);
  const ids = runs.map((r) => r.id);
  // Per-commit runs stored by reference are read from their manifests, without writing their rows.
  const manifests = await ManifestReader.load(
    deps.db,
    runs.filter((r) => r.history_parent_id !== null).map((r) => r.id),
  );
  return { lineage: await fileLineage(deps.db, ids, path, manifests), manifests };
}

const strip = ({ commit_date_ms: _a, created_at_ms: _b, settings: _c, ...p }: Run): TrendPoint => p;
const pointRun = (r: Run): PointRun => ({
  id: r.id,
  commit_sha: r.commit_sha,
  commit_date: r.commit_date,
  created_at: r.created_at,
});

/** A repository's summary numbers by commit, one series per branch, tag or commit. */
export async function repositoryTrend(
  deps: { db: Kysely<MetricsDB> },
  repoUrl: string,
  ref: string | null,
  limit: number,
): Promise<TrendResponse> {
  const series = await seriesOf(deps, repoUrl, ref, limit);
  return { ref, series: series.map((s) => ({ ref: s.ref, points: s.points.map(strip) })) };
}

/** One file's numbers by commit in each series, following renames where the runs stored their sources (lineageAcross). */
export async function fileTrend(
  deps: { db: Kysely<MetricsDB> },
  repoUrl: string,
  path: string,
  ref: string | null,
  limit: number,
): Promise<FileTrendResponse> {
  const out: Series<FileTrendPoint>[] = [];
  const all = await seriesOf(deps, repoUrl, ref, limit);
  const { lineage, manifests } = await lineageAcross(deps, all, path);
  for (const s of all) {
    const ids = s.points.map((p) => p.id).filter((id) => lineage.has(id));
    const stored = ids.filter((id) => !manifests.has(id));
    const rows: FileRow[] = await trendsRepo.fileRows(deps.db, stored, [
      ...new Set(stored.map((id) => lineage.get(id) as string)),
    ]);
    for (const id of ids.filter((x) => manifests.has(x))) {
      for (const f of childRows(await manifests.analyses(id, [lineage.get(id) as string])).files) {
        rows.push({ ...f, analysis_id: id } as FileRow);
      }
    }
    const rowOf = new Map(rows.map((r) => [`${Number(r.analysis_id)}\0${r.path}`, r]));
    const points: FileTrendPoint[] = [];
    for (const p of s.points) {
      const at = lineage.get(p.id);
      const r = at === undefined ? undefined : rowOf.get(`${p.id}\0${at}`);
      if (!r) continue;
      points.push({
        ...pointRun(p),
        path: r.path,
        loc: n(r.loc),
        sloc: n(r.sloc),
        functions: n(r.functions),
        cc_total: n(r.cc_total),
        cc_avg: n(r.cc_avg),
        cc_max: n(r.cc_max),
        mi: n(r.mi),
      });
    }
    if (points.length > 0) out.push({ ref: s.ref, points });
  }
  return { path, ref, series: out };
}

/** One function's numbers by commit in each series: the same class and name in the file, followed across file renames. */
export async function functionTrend(
  deps: { db: Kysely<MetricsDB> },
  repoUrl: string,
  q: { path: string; class_name: string; name: string; ref: string | null; limit: number },
): Promise<FunctionTrendResponse> {
  const out: Series<FunctionTrendPoint>[] = [];
  const all = await seriesOf(deps, repoUrl, q.ref, q.limit);
  const { lineage, manifests } = await lineageAcross(deps, all, q.path);
  for (const s of all) {
    const points: FunctionTrendPoint[] = [];
    for (const p of s.points) {
      const at = lineage.get(p.id);
      if (at === undefined) continue;
      // Two functions of one name in a class (a property's getter and setter): the first one.
      const [f] = manifests.has(p.id)
        ? childRows(await manifests.analyses(p.id, [at]))
            .functions.filter((x) => x.class_name === q.class_name && x.name === q.name)
            .sort((a, b) => Number(a.lineno) - Number(b.lineno))
        : await trendsRepo.functionRows(deps.db, p.id, at, q.class_name, q.name);
      if (!f) continue;
      points.push({
        ...pointRun(p),
        path: at,
        lineno: Number(f.lineno),
        endline: Number(f.endline),
        complexity: Number(f.complexity),
        cognitive: Number(f.cognitive),
        nloc: Number(f.nloc),
        params: Number(f.params),
      });
    }
    if (points.length > 0) out.push({ ref: s.ref, points });
  }
  return { path: q.path, class_name: q.class_name, name: q.name, ref: q.ref, series: out };
}
