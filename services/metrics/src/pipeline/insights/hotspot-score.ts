/** One file's inputs to the hotspot score. */
export interface HotspotInput {
  revisions: number;
  complexity: number;
}

/**
 * score = (revisions / max revisions) × (complexity / max complexity) over the run's files: 1 for a
 * file that is both the most changed and the most complex, 0 for one never changed or without
 * functions. Max-normalising keeps the score in 0..1 and comparable within one run (not across runs).
 */
export function hotspotScores(files: HotspotInput[]): number[] {
  let maxRev = 0;
  let maxCx = 0;
  for (const f of files) {
    maxRev = Math.max(maxRev, f.revisions);
    maxCx = Math.max(maxCx, f.complexity);
  }
  return files.map((f) =>
    maxRev === 0 || maxCx === 0 ? 0 : (f.revisions / maxRev) * (f.complexity / maxCx),
  );
}
