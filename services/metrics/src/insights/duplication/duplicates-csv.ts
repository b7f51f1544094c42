import type { RunDuplication } from '../../pipeline/duplication/detect-duplication.js';

/** duplicates.csv: one row per occurrence, grouped by clone group (group 1 is the largest). */
export const DUPLICATES_CSV_COLUMNS = [
  'group',
  'tokens',
  'lines',
  'occurrences',
  'path',
  'start_line',
  'end_line',
] as const;

/** The rows of duplicates.csv (none when detection did not run). */
export function duplicateCsvRows(d: RunDuplication | null): Record<string, string | number>[] {
  if (!d) return [];
  return d.groups.flatMap((g) =>
    g.occurrences.map((o) => ({
      group: g.group_no,
      tokens: g.tokens,
      lines: g.lines,
      occurrences: g.occurrences.length,
      path: o.path,
      start_line: o.start_line,
      end_line: o.end_line,
    })),
  );
}
