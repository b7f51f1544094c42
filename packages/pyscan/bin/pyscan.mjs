#!/usr/bin/env node
// The `pyscan` command: runs the built CLI from dist/ when there is one, else the TypeScript source
// through tsx (a checkout without a build step). PYSCAN_FROM_SOURCE=1 forces the source.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const pkg = new URL('..', import.meta.url);
const built = ['dist/cli/main.js', 'dist/cli.js'].map((p) => new URL(p, pkg)).find((u) => existsSync(u));
if (built && !process.env.PYSCAN_FROM_SOURCE) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(new URL('src/cli/main.ts', pkg).pathname).href);
}
