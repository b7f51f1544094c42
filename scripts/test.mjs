#!/usr/bin/env node
// Runs every *.test.ts of the workspace with Node's own test runner (through tsx).
// Arguments narrow the run to paths under the given folders: `node scripts/test.mjs packages/pyscan`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['packages', 'services', 'bench'];
const skip = new Set(['node_modules', 'dist', 'data', '.git', 'fixtures']);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out;
}

const files = roots
  .flatMap((r) =>
    statSync(join(root, r)).isDirectory() ? walk(join(root, r), []) : [relative(root, join(root, r))],
  )
  .sort();
if (files.length === 0) {
  console.error('no test files found under', roots.join(', '));
  process.exit(1);
}
const args = ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=300000', ...files];
const res = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
