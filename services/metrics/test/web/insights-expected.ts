// The numbers the history-insights browser test expects, each worked out by hand from the commits of
// insights-fixture.ts, and the page helpers it reads them with.
import type { Locator, Page } from 'playwright-core';
import { CORE, INIT, MODELS, REPORT, UTILS, VIEWS } from './insights-fixture.js';

// Revisions (commits touching the file): core c1-c6,c8; views c2-c6,c8; models c1-c5; utils c1,c5,c6.
export const REVS: Record<string, number> = {
  [CORE]: 7,
  [VIEWS]: 6,
  [MODELS]: 5,
  [UTILS]: 3,
  [REPORT]: 1,
  [INIT]: 1,
};
// Sum of function cyclomatic complexity: core rules 10 + six plain 1s; views render 6 + five;
// models save 5 + four; utils clamp 2 + two; report 3; __init__ has no function.
export const CC: Record<string, number> = {
  [CORE]: 16,
  [VIEWS]: 11,
  [MODELS]: 9,
  [UTILS]: 4,
  [REPORT]: 3,
  [INIT]: 0,
};
// Sum of cognitive complexity: rules 9 flat ifs; save 1+2+3+4 nested; render 5; clamp 1; report 2.
export const COG: Record<string, number> = {
  [CORE]: 9,
  [VIEWS]: 5,
  [MODELS]: 10,
  [UTILS]: 1,
  [REPORT]: 2,
  [INIT]: 0,
};
export const ALL = [CORE, VIEWS, MODELS, UTILS, REPORT, INIT];
export const score = (path: string, by: Record<string, number>) =>
  (REVS[path]! / Math.max(...Object.values(REVS))) * (by[path]! / Math.max(...Object.values(by)));
/** Files worst first by score; equal scores (only 0 here) in path order. */
export const ranked = (by: Record<string, number>) =>
  [...ALL].sort((a, b) => score(b, by) - score(a, by) || a.localeCompare(b));
// Degree = shared commits / average revisions, in %: core+views share c2-c6,c8; core+models c1-c5;
// models+views c2-c5. utils (3 revisions) is under min_revisions 5.
export const PAIRS: [string, string, number][] = [
  [CORE, VIEWS, 6],
  [CORE, MODELS, 5],
  [MODELS, VIEWS, 4],
];
export const degree = (a: string, b: string, shared: number) =>
  `${((100 * shared) / ((REVS[a]! + REVS[b]!) / 2)).toFixed(1)}%`;

export const REASON_TEXT = {
  shallow_clone: 'The clone holds only part of the history',
  history_disabled: 'Git history was not read for this run',
};

export const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
export const attrs = (l: Locator, name: string) =>
  l.evaluateAll((els, n) => els.map((e) => e.getAttribute(n) ?? ''), name);

/**
 * Clicks the middle of a file's arc on the chord diagram: the centre of an arc's bounding box lies
 * inside the circle, on the ribbons, where a click means something else.
 */
export async function clickArc(page: Page, path: string): Promise<void> {
  const arc = page.locator(`svg.chord path.chord-arc[data-path="${path}"]`);
  // Screen coordinates are the viewport's: the arc must be in view to be clicked there.
  await arc.scrollIntoViewIfNeeded();
  const at = await arc.evaluate(
    // The arc is drawn from the start of its outer edge; a quarter of the way round its outline is on
    // that edge, and pulling the point halfway to the inner edge lands inside the arc.
    (el) => {
      const p = el as unknown as {
        getTotalLength(): number;
        getPointAtLength(l: number): { x: number; y: number };
        getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number };
      };
      const q = p.getPointAtLength(p.getTotalLength() / 8);
      const r = Math.hypot(q.x, q.y);
      const k = (r - 7) / r;
      const m = p.getScreenCTM();
      const x = q.x * k;
      const y = q.y * k;
      return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
    },
  );
  await page.mouse.click(at.x, at.y);
}
