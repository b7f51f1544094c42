// Pairs the files and functions of two runs of one repository: by path, or across a rename the
// stored sources show; functions by class and name within their file, or across a rename of the
// function when its body is unchanged. Compare and new code both read their answer from here.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeSource } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { compareRepo } from '../../store/repos/compare-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { detectRenames } from './renames.js';

const gunzipAsync = promisify(gunzip);

export type FileMetricRow = Awaited<ReturnType<typeof compareRepo.files>>[number];
export type FunctionMetricRow = Awaited<ReturnType<typeof compareRepo.functions>>[number];

/** A file of the base run, of the head run, or of both; `path` is the head's when it has one. */
export interface FilePair {
  path: string;
  /** The base's path when the file was renamed; null otherwise. */
  old_path: string | null;
  base: FileMetricRow | null;
  head: FileMetricRow | null;
  /** Whether the file's content differs (same bytes = false). Null when a side lacks its stored text. */
  content_changed: boolean | null;
}

/** A function of the base run, of the head run, or of both. */
export interface FunctionPair {
  path: string;
  class_name: string;
  name: string;
  /** The base's name when the function was renamed with its body unchanged; null otherwise. */
  old_name: string | null;
  base: FunctionMetricRow | null;
  head: FunctionMetricRow | null;
  /** Whether the function's text differs; null when a side lacks its stored text. */
  body_changed: boolean | null;
}

/** What two runs have in common and not. */
export interface RunMatch {
  files: FilePair[];
  functions: FunctionPair[];
}

/** Decoded stored texts of one run's files, loaded on demand and kept. */
class Texts {
  private readonly map = new Map<string, string>();
  private readonly asked = new Set<string>();
  constructor(
    private readonly db: Kysely<MetricsDB>,
    private readonly id: number,
  ) {}

  async load(paths: Iterable<string>): Promise<void> {
    const missing = [...new Set(paths)].filter((p) => !this.asked.has(p));
    for (const p of missing) this.asked.add(p);
    for (const r of await compareRepo.sources(this.db, this.id, missing)) {
      if (!r.content) continue;
      const d = decodeSource(await gunzipAsync(r.content));
      if (d.ok) this.map.set(r.path, d.text);
    }
  }

  get(path: string): string | undefined {
    return this.map.get(path);
  }
}

const hash = (s: string) => createHash('sha1').update(s).digest('hex');

/** Lines `from`..`to` (1-based, inclusive) of a text. */
const span = (text: string, from: number, to: number) =>
  text
    .split('\n')
    .slice(from - 1, to)
    .join('\n');

const fnKey = (path: string, cls: string, name: string) => `${path}\0${cls}\0${name}`;

/**
 * Loads both runs' rows and pairs them up. With `bodies`, every matched file's text is read, so
 * `content_changed` and `body_changed` are known wherever the texts were stored (new code needs that);
 * without, only the texts rename detection needs are read (compare decides by the numbers).
 */
export async function matchRuns(
  db: Kysely<MetricsDB>,
  baseId: number,
  headId: number,
  opts: { bodies: boolean },
): Promise<RunMatch> {
  const [baseFiles, headFiles] = await Promise.all([
    compareRepo.files(db, baseId),
    compareRepo.files(db, headId),
  ]);
  const baseByPath = new Map(baseFiles.map((f) => [f.path, f]));
  const headByPath = new Map(headFiles.map((f) => [f.path, f]));
  const removed = baseFiles.filter((f) => !headByPath.has(f.path));
  const added = headFiles.filter((f) => !baseByPath.has(f.path));
  const baseText = new Texts(db, baseId);
  const headText = new Texts(db, headId);
  await Promise.all([
    baseText.load(opts.bodies ? baseFiles.map((f) => f.path) : removed.map((f) => f.path)),
    headText.load(opts.bodies ? headFiles.map((f) => f.path) : added.map((f) => f.path)),
  ]);
  const renames = detectRenames(
    removed.map((f) => ({ path: f.path, text: baseText.get(f.path) ?? null })),
    added.map((f) => ({ path: f.path, text: headText.get(f.path) ?? null })),
  );
  const renamedFrom = new Set(renames.values());

  const files: FilePair[] = [];
  const contentChanged = (oldPath: string, newPath: string) => {
    const a = baseText.get(oldPath);
    const b = headText.get(newPath);
    return a === undefined || b === undefined ? null : a !== b;
  };
  for (const h of headFiles) {
    const oldPath = baseByPath.has(h.path) ? h.path : (renames.get(h.path) ?? null);
    const b = oldPath === null ? null : (baseByPath.get(oldPath) ?? null);
    files.push({
      path: h.path,
      old_path: oldPath !== null && oldPath !== h.path ? oldPath : null,
      base: b,
      head: h,
      content_changed: oldPath === null ? true : contentChanged(oldPath, h.path),
    });
  }
  for (const b of removed) {
    if (renamedFrom.has(b.path)) continue;
    files.push({ path: b.path, old_path: null, base: b, head: null, content_changed: true });
  }

  // Functions: base rows are looked up under the head's path of their file.
  const headPathOf = new Map<string, string>();
  for (const p of files) if (p.base && p.head) headPathOf.set(p.base.path, p.head.path);
  const [baseFns, headFns] = await Promise.all([
    compareRepo.functions(db, baseId),
    compareRepo.functions(db, headId),
  ]);
  const baseGroups = new Map<string, FunctionMetricRow[]>();
  for (const f of baseFns) {
    const path = headPathOf.get(f.path) ?? f.path;
    const k = fnKey(path, f.class_name, f.name);
    const list = baseGroups.get(k) ?? [];
    list.push(f);
    baseGroups.set(k, list);
  }
  const bodyOf = (side: 'base' | 'head', f: FunctionMetricRow): string | null => {
    const text = side === 'base' ? baseText.get(f.path) : headText.get(f.path);
    return text === undefined ? null : span(text, Number(f.lineno), Number(f.endline));
  };
  const functions: FunctionPair[] = [];
  const unmatchedHead: FunctionMetricRow[] = [];
  for (const h of headFns) {
    const list = baseGroups.get(fnKey(h.path, h.class_name, h.name));
    const b = list?.shift();
    if (!b) {
      unmatchedHead.push(h);
      continue;
    }
    const bb = bodyOf('base', b);
    const hb = bodyOf('head', h);
    functions.push({
      path: h.path,
      class_name: h.class_name,
      name: h.name,
      old_name: null,
      base: b,
      head: h,
      body_changed: bb === null || hb === null ? null : bb !== hb,
    });
  }
  // A function renamed with the rest of its text unchanged: same file, same class, same body after the `def` line.
  const leftBase = [...baseGroups.values()].flat();
  await Promise.all([
    baseText.load(leftBase.map((f) => f.path)),
    headText.load(unmatchedHead.map((f) => f.path)),
  ]);
  const tailHash = (side: 'base' | 'head', f: FunctionMetricRow) => {
    const body = bodyOf(side, f);
    if (body === null) return null;
    const lines = body.split('\n');
    // A one-line function has no body of its own to recognise it by.
    return lines.length < 2 ? null : hash(lines.slice(1).join('\n'));
  };
  const baseByTail = new Map<string, FunctionMetricRow[]>();
  for (const b of leftBase) {
    const t = tailHash('base', b);
    if (t === null) continue;
    const k = `${headPathOf.get(b.path) ?? b.path}\0${b.class_name}\0${t}`;
    baseByTail.set(k, [...(baseByTail.get(k) ?? []), b]);
  }
  const renamedBase = new Set<FunctionMetricRow>();
  for (const h of unmatchedHead) {
    const t = tailHash('head', h);
    const b = t === null ? undefined : baseByTail.get(`${h.path}\0${h.class_name}\0${t}`)?.shift();
    if (b) renamedBase.add(b);
    functions.push({
      path: h.path,
      class_name: h.class_name,
      name: h.name,
      old_name: b ? b.name : null,
      base: b ?? null,
      head: h,
      body_changed: !b,
    });
  }
  for (const b of leftBase) {
    if (renamedBase.has(b)) continue;
    functions.push({
      path: headPathOf.get(b.path) ?? b.path,
      class_name: b.class_name,
      name: b.name,
      old_name: null,
      base: b,
      head: null,
      body_changed: true,
    });
  }
  return { files, functions };
}
