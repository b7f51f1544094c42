import type { CouplingCounts } from '../history/git-history.js';

/** The thresholds a pair must pass to be reported (as in the literature; big commits left out). */
export const COUPLING_PARAMS = {
  min_revisions: 5,
  min_shared: 3,
  min_degree: 30,
  max_commit_files: 50,
} as const;

export interface CouplingPair {
  path_a: string;
  path_b: string;
  shared_commits: number;
  degree: number;
  revisions_a: number;
  revisions_b: number;
}

/**
 * The pairs above the thresholds, strongest first. degree = shared / ((revisions_a + revisions_b) / 2)
 * in %, where revisions count only the commits coupling considers (at most max_commit_files paths),
 * so both sides of the ratio see the same commits. The threshold applies before rounding.
 */
export function couplingPairs(c: CouplingCounts): CouplingPair[] {
  const p = COUPLING_PARAMS;
  const out: CouplingPair[] = [];
  for (const [key, shared] of c.shared) {
    if (shared < p.min_shared) continue;
    const sep = key.indexOf('\0');
    const a = key.slice(0, sep);
    const b = key.slice(sep + 1);
    const ra = c.revisions.get(a) ?? 0;
    const rb = c.revisions.get(b) ?? 0;
    if (ra < p.min_revisions || rb < p.min_revisions) continue;
    const degree = (shared / ((ra + rb) / 2)) * 100;
    if (degree < p.min_degree) continue;
    out.push({
      path_a: a,
      path_b: b,
      shared_commits: shared,
      degree: Math.round(degree * 10) / 10,
      revisions_a: ra,
      revisions_b: rb,
    });
  }
  return out.sort(
    (x, y) =>
      y.degree - x.degree ||
      y.shared_commits - x.shared_commits ||
      (x.path_a < y.path_a ? -1 : x.path_a > y.path_a ? 1 : x.path_b < y.path_b ? -1 : 1),
  );
}
