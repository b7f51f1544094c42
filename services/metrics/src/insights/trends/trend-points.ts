// The repository trend's rules, pure: one point per series and commit (the newest run of it wins),
// points in commit order (analysis time for old runs without a commit date), one series per ref.

/** What the rules need of a run. */
export interface TrendRun {
  id: number;
  series: string;
  commit_sha: string;
  /** Epoch ms, or null for runs from before commit dates were recorded. */
  commit_date: number | null;
  created_at: number;
}

/** When a point sits on the time axis: its commit's date, else when it was analysed. */
export const pointTime = (r: TrendRun) => r.commit_date ?? r.created_at;

/** Groups runs into series (the series with the newest commit first), deduplicated and in commit order, the last `limit` of each. */
export function buildSeries<R extends TrendRun>(runs: R[], limit: number): { ref: string; points: R[] }[] {
  const newest = new Map<string, R>();
  for (const r of runs) {
    const key = `${r.series}\0${r.commit_sha}`;
    const seen = newest.get(key);
    if (!seen || r.id > seen.id) newest.set(key, r);
  }
  const bySeries = new Map<string, R[]>();
  for (const r of newest.values()) bySeries.set(r.series, [...(bySeries.get(r.series) ?? []), r]);
  const out = [...bySeries].map(([ref, points]) => ({
    ref,
    points: points.sort((a, b) => pointTime(a) - pointTime(b) || a.id - b.id).slice(-limit),
  }));
  const last = (s: { points: R[] }) => pointTime(s.points.at(-1) as R);
  return out.sort((a, b) => last(b) - last(a) || a.ref.localeCompare(b.ref));
}
