// `npm run dist -w packages/pyscan`: pyscan as it ships outside this repository (docs/pyscan-cli.md,
// "Install"). After `npm run build` it makes, under dist/ (ignored by git):
//   pkg/ and pyscan-metrics-<version>.tgz  the npm package (`npm pack`): the CLI, worker and shared chunks,
//                                          every dependency inside, the two .wasm files, no dependencies;
//   pyscan-linux-x64                       a single executable (Node's SEA: this node binary with the
//                                          package injected as assets by postject);
//   pyscan_metrics-<version>-py3-none-manylinux_2_28_x86_64.whl   the executable in a Python wheel
//                                          (scripts/build-wheel.py), for pip and pipx.
// `--npm-only` stops after the tarball.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The name on the npm registry and PyPI (`pyscan` itself is not ours to take); the command is `pyscan`. */
export const DIST_NAME = 'pyscan-metrics';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist');
const pkgDir = join(out, 'pkg');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const version = pkg.version;
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });

const esbuild = await import('esbuild');
rmSync(pkgDir, { recursive: true, force: true });
// Everything inside, web-tree-sitter too (the workspace's bundles leave it outside). Split into
// chunks: what the CLI and its workers share (the analyser) is one file, and what a run seldom needs
// (tree-sitter's glue, the coverage report's XML parser) is loaded when it is needed, so a run compiles
// 300 kB of JavaScript instead of 600 kB. The chunks sit in lib/ beside the .wasm files (grammar.js
// finds them there), the CLI in lib/cli/ (its pool finds ../worker.bundle.js).
await esbuild.build({
  entryPoints: { 'worker.bundle': join(out, 'worker.js'), 'cli/main.bundle': join(out, 'cli/main.js') },
  outdir: join(pkgDir, 'lib'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // web-tree-sitter's glue asks for these only when it runs outside Node.
  external: ['fs/promises', 'module'],
});
copyFileSync(
  require.resolve('tree-sitter-python/tree-sitter-python.wasm'),
  join(pkgDir, 'lib/tree-sitter-python.wasm'),
);
copyFileSync(
  join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.wasm'),
  join(pkgDir, 'lib/web-tree-sitter.wasm'),
);
mkdirSync(join(pkgDir, 'bin'), { recursive: true });
mkdirSync(join(pkgDir, 'schema'), { recursive: true });
copyFileSync(
  join(root, 'schema/pyscan-report.schema.json'),
  join(pkgDir, 'schema/pyscan-report.schema.json'),
);
// `--version` alone is answered without compiling the CLI (600 kB of JavaScript), as the executable does.
writeFileSync(
  join(pkgDir, 'bin/pyscan.mjs'),
  `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) process.stdout.write('pyscan ${version}\\n');
else await import('../lib/cli/main.bundle.js');
`,
);
chmodSync(join(pkgDir, 'bin/pyscan.mjs'), 0o755);
writeFileSync(
  join(pkgDir, 'package.json'),
  `${JSON.stringify(
    {
      name: DIST_NAME,
      version,
      description:
        "Python code metrics and a quality gate for CI and pre-commit: radon's complexity and maintainability, cognitive complexity, --fail-on limits, --diff, SARIF, GitHub, GitLab and Markdown output.",
      type: 'module',
      bin: { pyscan: 'bin/pyscan.mjs' },
      files: ['bin', 'lib', 'schema', 'README.md'],
      engines: { node: '>=20' },
      keywords: ['python', 'radon', 'complexity', 'maintainability', 'quality-gate', 'pre-commit', 'sarif'],
      license: 'UNLICENSED',
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(pkgDir, 'README.md'),
  `# ${DIST_NAME}\n\nThe \`pyscan\` command: Python code metrics (radon's definitions plus cognitive complexity) and a quality gate.\n\n\`\`\`sh\nnpx ${DIST_NAME} . --fail-on "cc>15,mi<20"\nnpm install -g ${DIST_NAME} && pyscan --help\n\`\`\`\n\nNo dependencies: the analyser, its worker and the tree-sitter grammar (wasm) are inside.\n`,
);
rmSync(join(out, `${DIST_NAME}-${version}.tgz`), { force: true });
run('npm', ['pack', '--pack-destination', out, '--silent'], { cwd: pkgDir });
console.log(`dist: ${relative(process.cwd(), join(out, `${DIST_NAME}-${version}.tgz`))}`);
if (process.argv.includes('--npm-only')) process.exit(0);

// The single executable: the package's files as SEA assets, the CommonJS entry unpacking them.
const seaDir = join(out, 'sea');
rmSync(seaDir, { recursive: true, force: true });
mkdirSync(seaDir, { recursive: true });
const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else files.push(relative(pkgDir, p).split('\\').join('/'));
  }
};
walk(pkgDir);
// The CommonJS file the executable's entry requires; its import() loads the CLI on the main thread.
const seaEntry = 'lib/cli/sea-entry.cjs';
writeFileSync(
  join(seaDir, 'sea-entry.cjs'),
  [
    "'use strict';",
    "import('./main.bundle.js').catch((err) => {",
    "  process.stderr.write('pyscan: ' + err.message + '\\n');",
    '  process.exitCode = 2;',
    '});',
    '',
  ].join('\n'),
);
const source = (f) => (f === seaEntry ? join(seaDir, 'sea-entry.cjs') : join(pkgDir, f));
files.push(seaEntry);
files.sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(source(f)));
const manifest = { version, hash: hash.digest('hex').slice(0, 16), files };
writeFileSync(join(seaDir, 'manifest.json'), JSON.stringify(manifest));
const assets = Object.fromEntries(files.map((f) => [f, source(f)]));
assets['manifest.json'] = join(seaDir, 'manifest.json');
writeFileSync(
  join(seaDir, 'sea-config.json'),
  JSON.stringify({
    main: join(root, 'dist-src/sea-main.cjs'),
    output: join(seaDir, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    // The entry script's compiled code rides along: it is parsed on every start, --version included.
    useCodeCache: true,
    assets,
  }),
);
run(process.execPath, ['--experimental-sea-config', join(seaDir, 'sea-config.json')]);
const exe = join(out, 'pyscan-linux-x64');
rmSync(exe, { force: true });
copyFileSync(process.execPath, exe);
chmodSync(exe, 0o755);
run(process.execPath, [
  require.resolve('postject/dist/cli.js'),
  exe,
  'NODE_SEA_BLOB',
  join(seaDir, 'sea-prep.blob'),
  '--sentinel-fuse',
  'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
]);
console.log(`dist: ${relative(process.cwd(), exe)} (${Math.round(statSync(exe).size / 1e6)} MB)`);

run('python3', [join(root, 'scripts/build-wheel.py'), exe, DIST_NAME, version, out]);
