// Rename detection between two runs, as git does it (same content, or similar enough), but from the
// sources the runs stored: the clones are gone once a run ends, and runs of different branches or
// tags share no history a `git diff -M` could walk cheaply.

/** Two texts of at least this similarity (0–1) count as one file moved, git's default `-M50%`. */
export const RENAME_SIMILARITY = 0.5;
// Pairs past this are not scored (a mass move is matched by identical content only): n × m similarity
// checks of big files would cost seconds.
const MAX_SCORED_PAIRS = 40_000;

/** A file's text as the rename detection needs it. */
export interface RenameCandidate {
  path: string;
  /** The file's text; null when the run did not store it (such a file is matched by path only). */
  text: string | null;
}

/** Lines of a text, trimmed of trailing white space, blank lines left out, each with its count. */
function lineCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line === '') continue;
    m.set(line, (m.get(line) ?? 0) + 1);
  }
  return m;
}

/** Share of lines two texts have in common: 2 × common / (lines of a + lines of b), 0–1. */
export function similarity(a: string, b: string): number {
  const ca = lineCounts(a);
  const cb = lineCounts(b);
  let na = 0;
  let nb = 0;
  let common = 0;
  for (const n of ca.values()) na += n;
  for (const [line, n] of cb) {
    nb += n;
    common += Math.min(n, ca.get(line) ?? 0);
  }
  return na + nb === 0 ? 1 : (2 * common) / (na + nb);
}

/**
 * Pairs removed files with added ones: identical texts first, then the most similar pairs at or over
 * RENAME_SIMILARITY, each file in at most one pair. Returns added path → removed path.
 */
export function detectRenames(removed: RenameCandidate[], added: RenameCandidate[]): Map<string, string> {
  const out = new Map<string, string>();
  const oldLeft = removed.filter((r) => r.text !== null);
  const newLeft = added.filter((a) => a.text !== null);
  const byText = new Map<string, string[]>();
  for (const r of oldLeft) {
    const list = byText.get(r.text as string) ?? [];
    list.push(r.path);
    byText.set(r.text as string, list);
  }
  const taken = new Set<string>();
  for (const a of newLeft) {
    const olds = byText.get(a.text as string);
    const old = olds?.find((p) => !taken.has(p));
    if (old) {
      out.set(a.path, old);
      taken.add(old);
    }
  }
  const olds = oldLeft.filter((r) => !taken.has(r.path));
  const news = newLeft.filter((a) => !out.has(a.path));
  if (olds.length * news.length > MAX_SCORED_PAIRS) return out;
  const scored: { from: string; to: string; score: number }[] = [];
  for (const r of olds) {
    for (const a of news) {
      const score = similarity(r.text as string, a.text as string);
      if (score >= RENAME_SIMILARITY) scored.push({ from: r.path, to: a.path, score });
    }
  }
  // Best pairs first; equal scores by path so the answer never depends on row order.
  scored.sort((x, y) => y.score - x.score || x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
  for (const s of scored) {
    if (taken.has(s.from) || out.has(s.to)) continue;
    out.set(s.to, s.from);
    taken.add(s.from);
  }
  return out;
}
