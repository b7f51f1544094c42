import { ancestorFolders } from './folders.js';

/** An author "knows" a file when they wrote at least this share of its changed lines. */
export const KNOWS_SHARE = 0.1;
/** A file whose only knowledgeable author is its main author, with at least this share, is at risk. */
export const AT_RISK_SHARE = 0.8;

export interface FileKnowledge {
  path: string;
  /** Lower-case e-mail of the author with the most changed lines (ties: the smaller e-mail); null with no lines. */
  main: string | null;
  share: number;
  /** E-mails of the authors who know the file. */
  knowers: string[];
  authors: number;
}

/** Who knows one file, from its changed lines per author. */
export function fileKnowledge(path: string, lines: Map<string, number>): FileKnowledge {
  let total = 0;
  for (const n of lines.values()) total += n;
  if (total === 0) return { path, main: null, share: 0, knowers: [], authors: lines.size };
  let main: string | null = null;
  let best = -1;
  const knowers: string[] = [];
  for (const [email, n] of lines) {
    if (n > best || (n === best && main !== null && email < main)) {
      main = email;
      best = n;
    }
    if (n / total >= KNOWS_SHARE) knowers.push(email);
  }
  return { path, main, share: best / total, knowers: knowers.sort(), authors: lines.size };
}

/**
 * The fewest authors whose departure leaves more than half of `files` with nobody who knows them,
 * found greedily: repeatedly remove the author who knows the most files that still have a knower
 * (ties: the smaller e-mail) until more than half are orphaned. Files nobody wrote a line of (only
 * binary changes) are not counted. 0 when no file counts.
 */
export function busFactor(files: FileKnowledge[]): number {
  const counted = files.filter((f) => f.knowers.length > 0);
  if (counted.length === 0) return 0;
  const left = counted.map((f) => new Set(f.knowers));
  let orphaned = 0;
  let removed = 0;
  while (orphaned * 2 <= counted.length) {
    const reach = new Map<string, number>();
    for (const k of left) if (k.size > 0) for (const e of k) reach.set(e, (reach.get(e) ?? 0) + 1);
    let pick: string | undefined;
    let most = 0;
    for (const [e, n] of reach) {
      if (n > most || (n === most && pick !== undefined && e < pick)) {
        pick = e;
        most = n;
      }
    }
    if (pick === undefined) break;
    removed++;
    for (const k of left) {
      if (k.delete(pick) && k.size === 0) orphaned++;
    }
  }
  return removed;
}

/** Bus factor and file count of every folder holding a file, the root ('') included, by path. */
export function folderBusFactors(
  files: FileKnowledge[],
): { path: string; bus_factor: number; files: number }[] {
  const byFolder = new Map<string, FileKnowledge[]>();
  for (const f of files) {
    for (const d of ancestorFolders(f.path)) {
      const list = byFolder.get(d);
      if (list) list.push(f);
      else byFolder.set(d, [f]);
    }
  }
  return [...byFolder]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, list]) => ({ path, bus_factor: busFactor(list), files: list.length }));
}
