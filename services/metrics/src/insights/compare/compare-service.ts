import type { Kysely } from 'kysely';
import {
  type ChangeCounts,
  type ChangeKind,
  type CompareResponse,
  FILE_DELTA_KEYS,
  type FileChange,
  type FileDeltaKey,
  type FunctionChange,
  type FunctionDeltaKey,
  SUMMARY_DELTA_KEYS,
  type Values,
} from '../../shared-types/compare-types.js';
import type { ExcludedFile } from '../../shared-types/run-settings-shape.js';
import type { MetricsDB } from '../../store/schema.js';
import { exclusionReason, settingsDifferences, settingsView } from '../run-settings.js';
import { type FileMetricRow, type FunctionMetricRow, matchRuns } from './match-runs.js';
import { runPair, runRef } from './run-pair.js';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
// Deltas of averages carry float noise (0.1 + 0.2); four decimals are more than any view shows.
const round = (v: number) => Math.round(v * 10_000) / 10_000;

const fileValues = (f: FileMetricRow): Values<FileDeltaKey> =>
  Object.fromEntries(FILE_DELTA_KEYS.map((k) => [k, num(f[k])]));

const fnValues = (f: FunctionMetricRow): Values<FunctionDeltaKey> => ({
  cc: num(f.complexity),
  cognitive: num(f.cognitive),
  sloc: num(f.nloc),
});

function deltas<K extends string>(keys: readonly K[], a: Values<K>, b: Values<K>): Values<K> {
  const out: Values<K> = {};
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x !== null && x !== undefined && y !== null && y !== undefined) out[k] = round(y - x);
  }
  return out;
}

const v = (n: number | null | undefined) => n ?? 0;

/**
 * A matched file is worse when its complexity grew or its MI fell (10 MI points weigh like one branch),
 * better the other way; with neither moving, growing counts as worse and shrinking as better.
 */
function fileChange(d: Values<FileDeltaKey>): { change: ChangeKind; magnitude: number } {
  const signed = v(d.cc_total) - v(d.mi) / 10;
  const magnitude = Math.abs(v(d.cc_total)) + Math.abs(v(d.mi)) / 10 + Math.abs(v(d.sloc)) / 10;
  const tie = v(d.sloc) || v(d.loc);
  const change =
    signed > 0 ? 'worse' : signed < 0 ? 'better' : tie > 0 ? 'worse' : tie < 0 ? 'better' : 'unchanged';
  return { change, magnitude: round(magnitude) };
}

/** A matched function: complexity plus cognitive complexity decide; with both equal, its length. */
function functionChange(d: Values<FunctionDeltaKey>): { change: ChangeKind; magnitude: number } {
  const signed = v(d.cc) + v(d.cognitive);
  const magnitude = Math.abs(v(d.cc)) + Math.abs(v(d.cognitive)) + Math.abs(v(d.sloc)) / 10;
  const change =
    signed > 0
      ? 'worse'
      : signed < 0
        ? 'better'
        : v(d.sloc) > 0
          ? 'worse'
          : v(d.sloc) < 0
            ? 'better'
            : 'unchanged';
  return { change, magnitude: round(magnitude) };
}

// An added or removed file or function weighs what it holds: its complexity and a tenth of its lines.
const fileSize = (f: Values<FileDeltaKey>) => round(v(f.cc_total) + v(f.sloc) / 10);
const fnSize = (f: Values<FunctionDeltaKey>) => round(v(f.cc) + v(f.cognitive) + v(f.sloc) / 10);

const emptyCounts = (): ChangeCounts => ({ added: 0, removed: 0, worse: 0, better: 0, unchanged: 0 });

const bySize = <T extends { magnitude: number; path: string }>(a: T, b: T) =>
  b.magnitude - a.magnitude || a.path.localeCompare(b.path);

/** Options of a comparison's lists. */
export interface CompareOptions {
  /** Keep unchanged files and functions in the lists (they are always counted). */
  unchanged: boolean;
  /** Most rows per list. */
  limit: number;
}

/** Per-file, per-function and summary deltas from run `baseId` to run `headId` (head − base). */
export async function compareRuns(
  deps: { db: Kysely<MetricsDB> },
  baseId: number,
  headId: number,
  opts: CompareOptions,
): Promise<CompareResponse> {
  const { base, head } = await runPair(deps, baseId, headId, 'other_id');
  const match = await matchRuns(deps.db, Number(base.id), Number(head.id), { bodies: false });

  // A file only one run has, which the other run's settings left out, was not added or removed: it is
  // listed apart, and its functions are left out of the function changes.
  const settingsOf = { base: settingsView(base.settings), head: settingsView(head.settings) };
  const leftOutBy = { base: exclusionReason(settingsOf.base), head: exclusionReason(settingsOf.head) };
  const excluded: ExcludedFile[] = [];
  for (const p of match.files) {
    if (p.base && p.head) continue;
    const measuredBy = p.base ? 'base' : 'head';
    const reason = leftOutBy[p.base ? 'head' : 'base'](p.path);
    if (reason !== null) excluded.push({ path: p.path, measured_by: measuredBy, reason });
  }
  const excludedPaths = new Set(excluded.map((e) => e.path));
  const keptFiles = match.files.filter((p) => !excludedPaths.has(p.path));
  const keptFunctions = match.functions.filter((p) => !excludedPaths.has(p.path));

  const files: FileChange[] = keptFiles.map((p) => {
    const b = p.base ? fileValues(p.base) : null;
    const h = p.head ? fileValues(p.head) : null;
    if (!b || !h) {
      return {
        path: p.path,
        old_path: p.old_path,
        change: b ? 'removed' : 'added',
        base: b,
        head: h,
        deltas: {},
        magnitude: fileSize((b ?? h) as Values<FileDeltaKey>),
      };
    }
    const d = deltas(FILE_DELTA_KEYS, b, h);
    return { path: p.path, old_path: p.old_path, base: b, head: h, deltas: d, ...fileChange(d) };
  });
  const functions: FunctionChange[] = keptFunctions.map((p) => {
    const b = p.base ? fnValues(p.base) : null;
    const h = p.head ? fnValues(p.head) : null;
    const id = { path: p.path, class_name: p.class_name, name: p.name, old_name: p.old_name };
    if (!b || !h) {
      return {
        ...id,
        change: b ? 'removed' : 'added',
        base: b,
        head: h,
        deltas: {},
        magnitude: fnSize((b ?? h) as Values<FunctionDeltaKey>),
      };
    }
    const d = deltas(['cc', 'cognitive', 'sloc'] as const, b, h);
    return { ...id, base: b, head: h, deltas: d, ...functionChange(d) };
  });

  const counts = { files: emptyCounts(), functions: emptyCounts() };
  for (const f of files) counts.files[f.change]++;
  for (const f of functions) counts.functions[f.change]++;
  const keep = <T extends { change: ChangeKind }>(rows: T[]) =>
    opts.unchanged ? rows : rows.filter((r) => r.change !== 'unchanged');
  const fileList = keep(files).sort(bySize);
  const fnList = keep(functions).sort(bySize);

  const bs = base.summary ? (JSON.parse(base.summary) as Record<string, unknown>) : {};
  const hs = head.summary ? (JSON.parse(head.summary) as Record<string, unknown>) : {};
  const summary: CompareResponse['summary'] = {};
  for (const k of SUMMARY_DELTA_KEYS) {
    const x = num(bs[k]);
    const y = num(hs[k]);
    summary[k] = { base: x, head: y, delta: x === null || y === null ? null : round(y - x) };
  }
  // pylint's average of a run that did not run pylint is no score to move from or to.
  const pylintDiffers = settingsOf.base.pylint !== settingsOf.head.pylint;
  if (pylintDiffers && summary.pylint_avg) summary.pylint_avg.delta = null;
  return {
    base: runRef(base),
    head: runRef(head),
    summary,
    counts,
    files: fileList.slice(0, opts.limit),
    functions: fnList.slice(0, opts.limit),
    truncated: {
      files: fileList.length > opts.limit || fileList.length < files.length,
      functions: fnList.length > opts.limit || fnList.length < functions.length,
    },
    settings: {
      ...settingsOf,
      differences: settingsDifferences(settingsOf.base, settingsOf.head, [
        `run #${base.id}`,
        `run #${head.id}`,
      ]),
      excluded_files: excluded.sort((a, b) => a.path.localeCompare(b.path)),
    },
  };
}
