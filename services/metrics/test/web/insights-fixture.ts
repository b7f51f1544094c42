// A repository for the history insights in the browser: eight commits by three authors in which every
// change only appends lines, so each commit's added lines are the line counts written here and every
// number the Hotspots, Coupling, Knowledge and code-age views show can be worked out by hand.
import { join } from 'node:path';
import { ALICE, BOB, CAROL, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';

/** `ifs` if-statements in a row: 4 + 2·ifs lines, cyclomatic 1 + ifs, cognitive ifs. */
export function flat(name: string, ifs: number): string {
  const body = Array.from({ length: ifs }, (_, i) => `    if value > ${i}:\n        total += ${i}\n`).join(
    '',
  );
  return `def ${name}(value):\n    total = 0\n${body}    return total\n\n`;
}

/** `depth` nested ifs: 4 + depth lines, cyclomatic 1 + depth, cognitive 1 + 2 + … + depth. */
export function nested(name: string, depth: number): string {
  let s = `def ${name}(a):\n`;
  for (let i = 0; i < depth; i++) s += `${'    '.repeat(i + 1)}if a > ${i}:\n`;
  s += `${'    '.repeat(depth + 1)}return ${depth}\n    return 0\n\n`;
  return s;
}

/** Three lines, cyclomatic 1, cognitive 0. */
export const plain = (name: string) => `def ${name}(x):\n    return x\n\n`;

export const CORE = 'app/core.py';
export const MODELS = 'app/models.py';
export const VIEWS = 'app/views.py';
export const UTILS = 'app/utils.py';
export const INIT = 'app/__init__.py';
export const REPORT = 'tools/report.py';

/**
 * Builds `<base>/acme/<repo>`. Commits (date, author: files and lines added):
 * c1 2024-06-03 Alice: __init__ 1, core flat(rules, 9) 22, models nested(save, 4) 8, utils flat(clamp, 1) 6
 * c2 2024-07-01 Alice: core +3, models +3, views flat(render, 5) 14
 * c3 2024-08-01 Bob:   core +3, models +3, views +3
 * c4 2024-09-02 Alice: core +3, models +3, views +3
 * c5 2024-10-01 Alice: core +3, models +3, views +3, utils +3
 * c6 2024-11-01 Bob:   core +3, views +3, utils +3
 * c7 2024-12-02 Carol: report flat(report, 2) 8
 * c8 2025-01-06 Alice: core +3, views +3            (the analysed commit)
 * Every "+3" is one more plain function.
 */
export function buildInsightsFixture(base: FixtureBase, repo = 'store'): { dir: string; url: string } {
  const dir = join(base.dir, 'acme', repo);
  const b = new RepoBuilder(dir, 'main');
  const files = new Map<string, string>();
  const add = (path: string, text: string) => {
    files.set(path, (files.get(path) ?? '') + text);
    b.write(path, files.get(path) ?? '');
  };
  add(INIT, '"""App."""\n');
  add(CORE, flat('rules', 9));
  add(MODELS, nested('save', 4));
  add(UTILS, flat('clamp', 1));
  b.commit('c1 initial', { author: ALICE, date: '2024-06-03T10:00:00Z' });
  add(CORE, plain('c2'));
  add(MODELS, plain('m2'));
  add(VIEWS, flat('render', 5));
  b.commit('c2 views', { author: ALICE, date: '2024-07-01T10:00:00Z' });
  add(CORE, plain('c3'));
  add(MODELS, plain('m3'));
  add(VIEWS, plain('v3'));
  b.commit('c3', { author: BOB, date: '2024-08-01T10:00:00Z' });
  add(CORE, plain('c4'));
  add(MODELS, plain('m4'));
  add(VIEWS, plain('v4'));
  b.commit('c4', { author: ALICE, date: '2024-09-02T10:00:00Z' });
  add(CORE, plain('c5'));
  add(MODELS, plain('m5'));
  add(VIEWS, plain('v5'));
  add(UTILS, plain('u5'));
  b.commit('c5', { author: ALICE, date: '2024-10-01T10:00:00Z' });
  add(CORE, plain('c6'));
  add(VIEWS, plain('v6'));
  add(UTILS, plain('u6'));
  b.commit('c6', { author: BOB, date: '2024-11-01T10:00:00Z' });
  add(REPORT, flat('report', 2));
  b.commit('c7 report tool', { author: CAROL, date: '2024-12-02T10:00:00Z' });
  add(CORE, plain('c8'));
  add(VIEWS, plain('v8'));
  b.commit('c8', { author: ALICE, date: '2025-01-06T10:00:00Z' });
  return { dir, url: `https://github.com/acme/${repo}` };
}
