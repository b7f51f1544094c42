// Part of `npm run build`: bundles the compiled CLI (dist/cli/main.js) and worker (dist/worker.js),
// each with the modules it imports, into one module apiece: dist/cli/main.bundle.js (which
// bin/pyscan.mjs runs) and dist/worker.bundle.js (which the pool starts in each thread). Loading
// one file instead of resolving thirty to forty saves about 30 ms of CPU at start in the main
// thread and 20 ms in each worker (bench/README-pyscan.md). tree-sitter's glue stays outside (it
// is loaded only for the files the fast parser leaves). esbuild comes with tsx; without it the
// unbundled dist/ files are used.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const entries = [
  ['worker.js', 'worker.bundle.js'],
  ['cli/main.js', 'cli/main.bundle.js'],
];
for (const [from] of entries) {
  if (!existsSync(dist + from)) {
    console.error(`bundle: dist/${from} is missing (run tsc first)`);
    process.exit(1);
  }
}
let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.warn('bundle: esbuild not found; the unbundled dist/ files will be used');
  process.exit(0);
}
for (const [from, to] of entries) {
  await esbuild.build({
    entryPoints: [dist + from],
    outfile: dist + to,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['web-tree-sitter'],
    logLevel: 'warning',
  });
}
