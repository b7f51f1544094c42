// Token-based clone detection across files, the way CPD does it: every window of `minTokens`
// normalised tokens is hashed (a rolling hash, so each window costs O(1)), equal hashes are brought
// together by a radix sort, and each set of equal windows that does not merely continue a match one
// token to its left is extended token by token to its maximal length. No pair of files is ever
// compared as such; the work is linear in the number of tokens plus the size of the matches.
import { type CloneRange, duplicatedLinesPerFile, type FileDuplication } from './duplicated-lines.js';
import {
  type CloneSource,
  type Concatenated,
  concatenate,
  hashWindows,
  radixSortByHash,
} from './token-windows.js';

/** Thresholds of a clone. */
export interface DuplicationOptions {
  /** Fewest tokens a clone has (default 50). */
  minTokens?: number;
  /** Fewest lines each occurrence of a clone spans (default 6). */
  minLines?: number;
}

/** Where one copy of a clone sits. Lines are 1-based and inclusive; a group lists them by path and line. */
export interface CloneOccurrence {
  path: string;
  startLine: number;
  endLine: number;
  tokens: number;
}

/** A fragment found in two or more places (its occurrences do not overlap each other). */
export interface CloneGroup {
  /** Tokens of the fragment (the same in every occurrence). */
  tokens: number;
  /** Lines of its longest occurrence. */
  lines: number;
  occurrences: CloneOccurrence[];
}

/** What {@link findClones} finds. */
export interface DuplicationResult {
  /** Largest first (tokens, then occurrences). */
  groups: CloneGroup[];
  /** Every source, in input order (0 for files without clones). */
  files: FileDuplication[];
  duplicatedLines: number;
  /** Tokens read across all sources. */
  tokens: number;
}

export const DEFAULT_MIN_TOKENS = 50;
export const DEFAULT_MIN_LINES = 6;

/** Finds clone groups and duplicated lines across `sources` (see the module comment for the method). */
export function findClones(sources: CloneSource[], options: DuplicationOptions = {}): DuplicationResult {
  const minTokens = Math.max(2, options.minTokens ?? DEFAULT_MIN_TOKENS);
  const minLines = Math.max(1, options.minLines ?? DEFAULT_MIN_LINES);
  const all = concatenate(sources);
  const starts = hashWindows(all, minTokens);
  const { order, keys } = radixSortByHash(starts.positions, starts.count, starts.hashes);
  const found = new Detector(all, sources, minTokens, minLines);
  let i = 0;
  while (i < starts.count) {
    let j = i + 1;
    const hi = keys[i];
    while (j < starts.count && keys[j] === hi) j++;
    if (j - i >= 2) found.start(order.subarray(i, j));
    i = j;
  }
  found.groups.sort(
    (a, b) =>
      b.tokens - a.tokens ||
      b.occurrences.length - a.occurrences.length ||
      cmp(a.occurrences[0]?.path, b.occurrences[0]?.path) ||
      (a.occurrences[0]?.startLine ?? 0) - (b.occurrences[0]?.startLine ?? 0),
  );
  const files = duplicatedLinesPerFile(
    sources.map((s) => s.path),
    found.ranges,
  );
  return {
    groups: found.groups,
    files,
    duplicatedLines: files.reduce((a, f) => a + f.duplicatedLines, 0),
    tokens: all.code.length - sources.length - 1,
  };
}

const cmp = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);

/** Extends candidate sets of equal windows to maximal matches and collects the groups. */
class Detector {
  readonly groups: CloneGroup[] = [];
  readonly ranges: CloneRange[] = [];

  constructor(
    private readonly all: Concatenated,
    private readonly sources: CloneSource[],
    private readonly minTokens: number,
    private readonly minLines: number,
  ) {}

  /** A set of window starts with one hash, in position order. */
  start(candidates: Int32Array): void {
    if (this.continuesLeft(candidates)) return;
    const stack: [number[], number][] = [[Array.from(candidates), 0]];
    for (;;) {
      const top = stack.pop();
      if (!top) return;
      this.extend(top[0], top[1], stack);
    }
  }

  /** True when every member is preceded by the same token: the match starts further left. */
  private continuesLeft(p: ArrayLike<number>): boolean {
    const code = this.all.code;
    const c = code[(p[0] as number) - 1] as number;
    if (c < 0) return false;
    for (let j = 1; j < p.length; j++) if (code[(p[j] as number) - 1] !== c) return false;
    return true;
  }

  private extend(members: number[], from: number, stack: [number[], number][]): void {
    let p = members;
    if (p.length < 2) return;
    let cap = minGap(p);
    if (cap < this.minTokens) {
      // Overlapping copies of a repeated run: keep copies at least one clone apart.
      p = spaced(p, this.minTokens);
      if (p.length < 2) return;
      cap = minGap(p);
    }
    const code = this.all.code;
    let k = from;
    const p0 = p[0] as number;
    outer: while (k < cap) {
      const c = code[p0 + k] as number;
      if (c < 0) break;
      for (let j = 1; j < p.length; j++) if (code[(p[j] as number) + k] !== c) break outer;
      k++;
    }
    if (k >= this.minTokens) this.emit(p, k);
    if (k >= cap) return;
    // Members part ways at k: the ones that still agree go on as smaller sets.
    const byCode = new Map<number, number[]>();
    for (const m of p) {
      const c = code[m + k] as number;
      if (c < 0) continue;
      const list = byCode.get(c);
      if (list) list.push(m);
      else byCode.set(c, [m]);
    }
    for (const q of byCode.values()) if (q.length >= 2 && !this.continuesLeft(q)) stack.push([q, k]);
  }

  private emit(p: number[], k: number): void {
    const { line, first } = this.all;
    const occurrences: CloneOccurrence[] = [];
    let fewest = Number.POSITIVE_INFINITY;
    let most = 0;
    for (const m of p) {
      const f = sourceAt(first, m);
      const src = this.sources[f] as CloneSource;
      const lastIndex = m + k - 1 - (first[f] as number);
      const startLine = line[m] as number;
      const endLine = src.tokens.endLines.get(lastIndex) ?? (line[m + k - 1] as number);
      const lines = endLine - startLine + 1;
      fewest = Math.min(fewest, lines);
      most = Math.max(most, lines);
      occurrences.push({ path: src.path, startLine, endLine, tokens: k });
    }
    if (fewest < this.minLines) return;
    for (const [j, o] of occurrences.entries())
      this.ranges.push({ file: sourceAt(first, p[j] as number), startLine: o.startLine, endLine: o.endLine });
    occurrences.sort((a, b) => cmp(a.path, b.path) || a.startLine - b.startLine);
    this.groups.push({ tokens: k, lines: most, occurrences });
  }
}

function minGap(p: number[]): number {
  let gap = Number.POSITIVE_INFINITY;
  for (let j = 1; j < p.length; j++) gap = Math.min(gap, (p[j] as number) - (p[j - 1] as number));
  return gap;
}

function spaced(p: number[], distance: number): number[] {
  const out = [p[0] as number];
  for (const m of p) if (m - (out[out.length - 1] as number) >= distance) out.push(m);
  return out;
}

/** Index of the source holding concatenated position `pos` (binary search on first positions). */
function sourceAt(first: Int32Array, pos: number): number {
  let lo = 0;
  let hi = first.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((first[mid] as number) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
