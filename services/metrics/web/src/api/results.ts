// The result rows of a finished run. The heatmap, scatter and quality gate need every file at once, so
// the files are read once per run and kept in memory; a file's classes and functions are read from the
// paged JSON endpoints when it is opened.

import type { Page as ResultPage } from '../../../src/shared-types/result-page.js';
import { api, apiText, downloadUrl } from './client.js';
import { mapCsv, num } from './csv.js';
import type { ClassRow, FileRow, FunctionRow } from './types.js';

/** A results page with its rows read as `T` (the API declares them as open records). */
type Page<T> = Omit<ResultPage, 'items'> & { items: T[] };

const PAGE = 1000;
const cache = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** Every row of a level: the first page tells the total, the rest are fetched a few at a time. */
async function allRows<T>(id: number, level: string, extra = ''): Promise<T[]> {
  const url = (offset: number) => `/api/analyses/${id}/${level}?limit=${PAGE}&offset=${offset}${extra}`;
  const first = await api<Page<T>>(url(0));
  const rows = [...first.items];
  const offsets: number[] = [];
  for (let o = PAGE; o < first.total; o += PAGE) offsets.push(o);
  for (let i = 0; i < offsets.length; i += 4) {
    const pages = await Promise.all(offsets.slice(i, i + 4).map((o) => api<Page<T>>(url(o))));
    for (const p of pages) rows.push(...p.items);
  }
  return rows;
}

/**
 * Every file of a run, from the file CSV of the download API: one request of about 3 MB for 10,000
 * files, where the paged JSON endpoint takes ten requests and several times as long to serialise.
 */
export function loadFiles(id: number): Promise<FileRow[]> {
  return once(`file:${id}`, async () =>
    mapCsv(await apiText(downloadUrl(id, 'file')), (c) => ({
      path: c('path'),
      loc: num(c('loc')),
      lloc: num(c('lloc')),
      sloc: num(c('sloc')),
      comments: num(c('comments')),
      functions: num(c('functions')),
      classes: num(c('classes')),
      cc_total: num(c('cc_total')),
      cc_avg: num(c('cc_avg')),
      cc_max: num(c('cc_max')),
      mi: num(c('mi')),
      mi_rank: c('mi_rank') || null,
      volume: num(c('volume')),
      effort: num(c('effort')),
      bugs: num(c('bugs')),
      pylint_score: num(c('pylint_score')),
      pylint_error: num(c('pylint_error')),
      pylint_warning: num(c('pylint_warning')),
      age_days: num(c('age_days')),
      revisions: num(c('revisions')),
      authors: num(c('authors')),
      parse_error: c('parse_error') || null,
      cognitive_max: null,
      revisions_90d: num(c('revisions_90d')),
      churn: num(c('churn')),
      churn_90d: num(c('churn_90d')),
      age_months: num(c('age_months')),
      main_author_share: num(c('main_author_share')),
      knowledgeable_authors: num(c('knowledgeable_authors')),
      hotspot_score: num(c('hotspot_score')),
      duplicated_lines: num(c('duplicated_lines')),
      duplicated_lines_pct: num(c('duplicated_lines_pct')),
    })),
  );
}

/**
 * The highest cognitive complexity per file. Files carry no such column, and a run can hold 100,000
 * functions, so this reads the function CSV in one request instead of a hundred JSON pages.
 */
export function loadCognitiveByFile(id: number): Promise<Map<string, number>> {
  return once(`cog:${id}`, async () => {
    const m = new Map<string, number>();
    const rows = mapCsv(await apiText(downloadUrl(id, 'function')), (c) => ({
      path: c('path'),
      cognitive: num(c('cognitive')) ?? 0,
    }));
    for (const r of rows) m.set(r.path, Math.max(m.get(r.path) ?? 0, r.cognitive));
    return m;
  });
}

/** The classes of one file. */
export function loadClasses(id: number, path: string): Promise<ClassRow[]> {
  return once(`cls:${id}:${path}`, async () =>
    (await allRows<ClassRow>(id, 'classes', `&sort=lineno&path=${encodeURIComponent(path)}`)).filter(
      (c) => c.path === path,
    ),
  );
}

/** The functions and methods of one file. */
export function loadFunctions(id: number, path: string): Promise<FunctionRow[]> {
  return once(`fn:${id}:${path}`, async () =>
    (await allRows<FunctionRow>(id, 'functions', `&sort=lineno&path=${encodeURIComponent(path)}`)).filter(
      (f) => f.path === path,
    ),
  );
}
