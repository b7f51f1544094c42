// Below find-clones.ts: it owns the per-file result it computes, so find-clones imports it and not back.
/** Duplicated lines of one file: a line counts once however many clones cover it. */
export interface FileDuplication {
  path: string;
  duplicatedLines: number;
}

/** The lines one occurrence covers in source `file` (index into the detector's input). */
export interface CloneRange {
  file: number;
  startLine: number;
  endLine: number;
}

/**
 * Counts, per file, the lines covered by at least one occurrence: lines from an occurrence's first
 * token to its last, blank and comment lines between them included (as the duplicated-lines measure
 * of SonarQube counts them), each line once.
 */
export function duplicatedLinesPerFile(paths: string[], ranges: CloneRange[]): FileDuplication[] {
  const byFile = new Map<number, CloneRange[]>();
  for (const r of ranges) {
    const list = byFile.get(r.file);
    if (list) list.push(r);
    else byFile.set(r.file, [r]);
  }
  return paths.map((path, f) => {
    const list = byFile.get(f);
    if (!list) return { path, duplicatedLines: 0 };
    // Merge the sorted ranges instead of marking lines: the cost is the number of ranges.
    list.sort((a, b) => a.startLine - b.startLine);
    let total = 0;
    let curStart = -1;
    let curEnd = -2;
    for (const r of list) {
      if (r.startLine > curEnd + 1) {
        if (curStart >= 0) total += curEnd - curStart + 1;
        curStart = r.startLine;
        curEnd = r.endLine;
      } else if (r.endLine > curEnd) curEnd = r.endLine;
    }
    total += curEnd - curStart + 1;
    return { path, duplicatedLines: total };
  });
}
