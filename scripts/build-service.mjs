import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** The entry points bundled per service: name in dist/ → source file. */
const ENTRIES = {
  monitor: { main: 'src/main.ts', probe: 'src/probe/main.ts' },
};

/**
 * The Node options a service's bundle runs with: `npm start` (scripts/start.mjs) passes them, and
 * bench/monitor-capacity measures its bundled child with the same ones. They go on the command
 * line because V8 sizes its heap when the process starts; set later from code they do nothing.
 *
 * monitor: `--max-semi-space-size=2` (MB). Why (issue 29): V8 lets each of the young generation's
 * two semi-spaces grow to 16 MB when a process allocates steadily, and a monitor does (every check
 * allocates its request, its result and its row): 32 MB of young generation, touched and kept as
 * RSS, beside a heap of about 70 MB at 2,000 monitors. At 2 MB per semi-space the young
 * generation is collected more often (each scavenge is short: it copies only the survivors, and
 * little of a check outlives it) and the process peaks about 20-30 MB lower. Objects that live
 * longer than two scavenges are promoted earlier, which the heap growth limit (heap-growth.ts)
 * then collects; nothing is capped: the old generation still grows as far as the live set needs.
 */
export const NODE_FLAGS = { monitor: ['--max-semi-space-size=2'] };

/** The Node options for a service's bundle (NODE_FLAGS), none for a service without. */
export function nodeFlags(name) {
  return [...(NODE_FLAGS[name] ?? [])];
}

/**
 * Bundles a service's entry points to plain JavaScript in services/<name>/dist (gitignored), so
 * production runs them with `node` alone: no TypeScript loader thread, which costs 50-60 MB of RSS
 * (issue 29). The workspace packages (@app/*) are bundled in; everything from node_modules stays
 * an import, resolved at run time as under tsx. Returns the paths of the built files, by entry name;
 * null for a service that is not bundled (it runs under tsx).
 */
export async function buildService(name) {
  const entries = ENTRIES[name];
  if (!entries) return null;
  const dir = join(root, 'services', name);
  await bundle(
    Object.fromEntries(Object.entries(entries).map(([out, src]) => [out, join(dir, src)])),
    join(dir, 'dist'),
  );
  return Object.fromEntries(Object.keys(entries).map((out) => [out, join(dir, 'dist', `${out}.js`)]));
}

/** Bundles entry points (name in outdir → source file) as buildService does. */
export async function bundle(entryPoints, outdir) {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

/** Every bare import but the workspace's own packages stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};
