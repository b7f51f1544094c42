/** Hotspot order: score, then revisions (both descending), then path; rank is 1-based. */
export function rankHotspots<T extends { path: string; score: number; revisions: number }>(
  files: T[],
): (T & { rank: number })[] {
  return [...files]
    .sort((a, b) => b.score - a.score || b.revisions - a.revisions || (a.path < b.path ? -1 : 1))
    .map((f, i) => ({ ...f, rank: i + 1 }));
}
