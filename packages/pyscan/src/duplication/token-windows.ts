// The hashing half of the clone detector: every source's tokens in one array, a rolling hash of
// every window of w tokens, and the windows ordered by hash.
import { type CloneTokens, CODE_LIMIT } from './clone-tokens.js';

// The detector's input is declared here, where it is first read, so find-clones.ts imports this file and not back.
/** One file's tokens, as {@link tokenizeForClones} reads them. */
export interface CloneSource {
  path: string;
  tokens: CloneTokens;
}

// A fixed pseudo-random value per token code spreads the small codes over 32 bits before hashing.
const MIX = new Int32Array(CODE_LIMIT);
{
  let x = 0x2545f491;
  for (let i = 0; i < MIX.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    MIX[i] = x;
  }
}
const BASE = 0x01000193;

/** Every source's tokens in one array. */
export interface Concatenated {
  /** Token codes of every source, each source preceded by a unique negative separator (and one at the end). */
  code: Int32Array;
  line: Int32Array;
  /** Position of each source's first token. */
  first: Int32Array;
}

/** Concatenates the sources' tokens, each preceded by a unique separator. */
export function concatenate(sources: CloneSource[]): Concatenated {
  let n = sources.length + 1;
  for (const s of sources) n += s.tokens.length;
  const code = new Int32Array(n);
  const line = new Int32Array(n);
  const first = new Int32Array(sources.length + 1);
  let at = 0;
  for (const [f, s] of sources.entries()) {
    code[at++] = -1 - f;
    first[f] = at;
    code.set(s.tokens.codes.subarray(0, s.tokens.length), at);
    line.set(s.tokens.lines.subarray(0, s.tokens.length), at);
    at += s.tokens.length;
  }
  code[at] = -1 - sources.length;
  first[sources.length] = at + 1;
  return { code, line, first };
}

/** Rolling hashes of every window of w tokens that stays inside one source. */
export function hashWindows(all: Concatenated, w: number) {
  const { code, first } = all;
  const hashes = new Int32Array(code.length);
  const positions = new Int32Array(code.length);
  let count = 0;
  let pw = 1;
  for (let k = 1; k < w; k++) pw = Math.imul(pw, BASE);
  for (let f = 0; f + 1 < first.length; f++) {
    const s = first[f] as number;
    const e = (first[f + 1] as number) - 1; // the next separator
    if (e - s < w) continue;
    let h = 0;
    for (let k = s; k < s + w; k++) h = (Math.imul(h, BASE) + (MIX[code[k] as number] as number)) | 0;
    for (let i = s; ; i++) {
      hashes[i] = h;
      positions[count++] = i;
      if (i + w >= e) break;
      const out = Math.imul(MIX[code[i] as number] as number, pw);
      h = (Math.imul(h - out, BASE) + (MIX[code[i + w] as number] as number)) | 0;
    }
  }
  return { hashes, positions, count };
}

/**
 * Window starts ordered by hash, with their hashes beside them: a stable LSD radix sort (two 16-bit
 * passes), so equal hashes keep position order and each pass reads its input sequentially.
 */
export function radixSortByHash(positions: Int32Array, count: number, hashes: Int32Array) {
  let pos: Int32Array = positions.subarray(0, count);
  let key: Int32Array = new Int32Array(count);
  for (let i = 0; i < count; i++) key[i] = hashes[pos[i] as number] as number;
  let pos2: Int32Array = new Int32Array(count);
  let key2: Int32Array = new Int32Array(count);
  const counts = new Int32Array(65537);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < count; i++) {
      const b = (((key[i] as number) >>> shift) & 0xffff) + 1;
      counts[b] = (counts[b] as number) + 1;
    }
    for (let b = 1; b <= 65536; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
    for (let i = 0; i < count; i++) {
      const k = key[i] as number;
      const b = (k >>> shift) & 0xffff;
      const at = counts[b] as number;
      counts[b] = at + 1;
      pos2[at] = pos[i] as number;
      key2[at] = k;
    }
    [pos, pos2] = [pos2, pos];
    [key, key2] = [key2, key];
  }
  return { order: pos, keys: key };
}
