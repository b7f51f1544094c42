// `acme/clones`: a repository with known clones, shared by the duplication API, explorer and browser
// tests. Lines are numbered in the comments so expectations can be checked by eye.
import { join } from 'node:path';
import { ALICE, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';

/** 12 lines, 107 normalised tokens; cyclomatic complexity 5 (for, if, and, elif). */
export const MERGE_TOTALS = `def merge_totals(rows, limit):
    total = 0
    seen = {}
    for row in rows:
        if row.amount > limit and row.kind == "sale":
            total += row.amount * 2
            seen[row.key] = seen.get(row.key, 0) + 1
        elif row.amount < 0:
            total -= abs(row.amount)
        else:
            print("skip", row.key, total)
    return total, sorted(seen.items(), key=lambda kv: kv[1])
`;

/** 8 lines, 73 normalised tokens. */
export const RENDER_REPORT = `def render_report(items, title):
    lines = [title.upper(), "=" * len(title)]
    for index, item in enumerate(items):
        label = item.name.strip() or "unnamed"
        lines.append(f"{index:3d} {label:<20} {item.value:8.2f}")
        if item.value > 1000:
            lines.append("  (large)")
    return "\\n".join(lines) + "\\n"
`;

/** RENDER_REPORT with every identifier renamed and every literal changed: the same normalised tokens. */
export const BUILD_SUMMARY = `def build_summary(entries, heading):
    out = [heading.upper(), "-" * len(heading)]
    for n, entry in enumerate(entries):
        name = entry.name.strip() or "none"
        out.append(f"{n:4d} {name}")
        if entry.value > 5:
            out.append("  (big)")
    return "\\n".join(out) + "\\n"
`;

/** Copied in two files but only 4 lines and about 25 tokens: below both thresholds. */
export const CLAMP = `def clamp(v, lo, hi):
    if v < lo:
        return lo
    return min(v, hi)
`;

/** Twelve ifs: complexity 13, rank C. */
const DECIDE = `def decide(x):
${Array.from({ length: 12 }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('')}    return -1
`;

export const RULES_PY = `class Engine:
    def start(self, fast):
        if fast:
            return 1
        return 0

    def stop(self):
        return None


${DECIDE}`;

/** Files and their known duplication: groups largest first. */
export const CLONES = {
  files: {
    // 1 import, 2-3 blank, 4-15 MERGE_TOTALS, 16-17 blank, 18-25 RENDER_REPORT, 26-27 blank, 28 VERSION
    'orders.py': `import os\n\n\n${MERGE_TOTALS}\n\n${RENDER_REPORT}\n\nVERSION = 3\n`,
    // 1 docstring, 2-3 blank, 4-15 MERGE_TOTALS, 16-17 blank, 18-19 class
    'billing.py': `"""Billing."""\n\n\n${MERGE_TOTALS}\n\nclass Ledger:\n    pass\n`,
    // 1 import, 2-3 blank, 4-11 BUILD_SUMMARY, 12-13 blank, 14-15 class
    'invoices.py': `from os import path\n\n\n${BUILD_SUMMARY}\n\nclass Invoice:\n    pass\n`,
    'small_a.py': CLAMP,
    'small_b.py': `X = 1\n\n\n${CLAMP}`,
    'pkg/__init__.py': '',
    'pkg/rules.py': RULES_PY,
  },
  groups: [
    {
      group: 1,
      tokens: 107,
      lines: 12,
      occurrences: [
        { path: 'billing.py', start_line: 4, end_line: 15 },
        { path: 'orders.py', start_line: 4, end_line: 15 },
      ],
    },
    {
      group: 2,
      tokens: 73,
      lines: 8,
      occurrences: [
        { path: 'invoices.py', start_line: 4, end_line: 11 },
        { path: 'orders.py', start_line: 18, end_line: 25 },
      ],
    },
  ],
  /** Duplicated lines per file (orders.py has 28 lines: 20 of them in clones). */
  duplicated: { 'billing.py': 12, 'invoices.py': 8, 'orders.py': 20, 'small_a.py': 0, 'small_b.py': 0 },
} as const;

/** Builds `<base>/acme/clones` with one commit. */
export function buildClonesRepo(base: FixtureBase): { owner: string; repo: string; dir: string } {
  const dir = join(base.dir, 'acme', 'clones');
  const b = new RepoBuilder(dir, 'main');
  for (const [path, text] of Object.entries(CLONES.files)) b.write(path, text);
  b.commit('clones', { author: ALICE, date: '2024-03-01T00:00:00Z' });
  return { owner: 'acme', repo: 'clones', dir };
}
