// The layout rule of a status page, shared by the page editor (public-face/status-pages) and config
// files (operations/config-as-code), which name monitors by id and by key respectively.

/** Monitors on one page, over all its sections: beyond this a page is no longer readable. */
export const MAX_PAGE_ENTRIES = 1000;

/** A problem at a field of a page, by body path. */
export interface LayoutProblem {
  path: string;
  message: string;
}

/** No monitor twice in a section; at most MAX_PAGE_ENTRIES over all sections. */
export function layoutProblems<T>(
  sections: readonly { monitors: readonly T[]; path: string }[],
): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  for (const s of sections) {
    const seen = new Set<T>();
    s.monitors.forEach((m, mi) => {
      if (seen.has(m))
        problems.push({ path: `${s.path}.${mi}`, message: `repeats monitor ${m} in this section` });
      seen.add(m);
    });
  }
  const entries = sections.reduce((n, s) => n + s.monitors.length, 0);
  if (entries > MAX_PAGE_ENTRIES) {
    problems.push({
      path: 'sections',
      message: `hold ${entries} monitors; a page shows at most ${MAX_PAGE_ENTRIES}`,
    });
  }
  return problems;
}
