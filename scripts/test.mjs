#!/usr/bin/env node
// Runs every *.test.ts of the workspace with Node's own test runner (through tsx).
// Arguments narrow the run to paths under the given folders: `node scripts/test.mjs packages/pyscan`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const paths = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const roots = paths.length ? paths : ['packages', 'services', 'bench', 'scripts'];
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
// `--check` runs format, lint and type checks first; the tests run even when those fail, so one
// run reports everything, and the exit code is non-zero if either part failed.
let checkStatus = 0;
if (process.argv.includes('--check')) {
  checkStatus = spawnSync('npm', ['run', 'check'], { stdio: 'inherit', cwd: root }).status ?? 1;
}
const args = ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=300000', ...files];
const res = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
if (checkStatus !== 0)
  console.error('\nformat, lint or type check failed: see the output of `npm run check` above');
process.exit(checkStatus || (res.status ?? 1));
