#!/usr/bin/env node
// The `pyscan` command: runs the built CLI from dist/ (built by `npm install` through the package's
// prepare script; its one-module bundle when there is one) when it is at least as new as every
// source file, else the TypeScript source through tsx, so an edited checkout never runs a stale
// build. PYSCAN_FROM_SOURCE=1 forces the source.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const built = ['dist/cli/main.bundle.js', 'dist/cli/main.js', 'dist/cli.js']
  .map((p) => join(pkg, p))
  .find((p) => existsSync(p));

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (built && !process.env.PYSCAN_FROM_SOURCE && statSync(built).mtimeMs >= newestSource(join(pkg, 'src'))) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(pkg, 'src/cli/main.ts')).href);
}
