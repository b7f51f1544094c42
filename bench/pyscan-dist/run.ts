// pyscan as shipped (issue 36): the single executable, the wheel's `pyscan` in a fresh venv and the
// npm tarball's bin, each: `--version` start-up, a 20-file project (beside `radon cc` on the same
// files), and `--diff HEAD~1 --changed-only` on a 700-file repository where 3 files changed.
// Wall time and CPU time (user + sys, GNU time) per run, medians of N, peak RSS, load average before
// and after (the machine is shared: CPU seconds say what pyscan costs, wall what the load left it).
// Usage: node --import tsx bench/pyscan-dist/run.ts [--rounds 7] [--source /usr/lib/python3.11] [--keep]
// Builds `npm run dist -w packages/pyscan` first when packages/pyscan/dist/ lacks the files.
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isTestPath } from '@app/pyscan';
import { loadAverage } from '../shared/proc-stats.js';
import { listPython } from '../shared/stdlib-sources.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const PKG = new URL('../../packages/pyscan/', import.meta.url).pathname;
const DIST = join(PKG, 'dist');
const version = (await import('../../packages/pyscan/package.json', { with: { type: 'json' } })).default
  .version;
const EXE = join(DIST, 'pyscan-linux-x64');
const WHEEL = join(DIST, `pyscan_metrics-${version}-py3-none-manylinux_2_28_x86_64.whl`);
const TARBALL = join(DIST, `pyscan-metrics-${version}.tgz`);

function sh(cmd: string, args: string[], cwd?: string) {
  const res = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

if (![EXE, WHEEL, TARBALL].every(existsSync)) sh('npm', ['run', 'dist'], PKG);
const work = mkdtempSync(join(tmpdir(), 'pyscan-dist-bench-'));
const cache = join(work, 'cache');
const venv = join(work, 'venv');
sh('python3', ['-m', 'venv', venv]);
sh(join(venv, 'bin/pip'), ['install', '--no-index', '--quiet', WHEEL]);
const npmDir = join(work, 'npm');
mkdirSync(npmDir);
sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', TARBALL], npmDir);

const sources = listPython(values.source, 256 * 1024).filter((p) => !isTestPath(p));
function copyInto(dir: string, n: number): string[] {
  const picked: string[] = [];
  for (let i = 0; i < n; i++) {
    const src = sources[i % sources.length] ?? '';
    const rel = i < sources.length ? src : `copy${Math.floor(i / sources.length) + 1}/${src}`;
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(values.source, src), join(dir, rel));
    picked.push(rel);
  }
  return picked;
}
// 20 mid-sized files (the first 20 of 2-20 kB): a small project.
const small = join(work, 'small');
const mid = sources.filter((p) => {
  const size = Number(sh('stat', ['-c', '%s', join(values.source, p)]));
  return size > 2000 && size < 20000;
});
for (const rel of mid.slice(0, 20)) {
  mkdirSync(dirname(join(small, rel)), { recursive: true });
  copyFileSync(join(values.source, rel), join(small, rel));
}
const big = join(work, 'big');
mkdirSync(big);
const picked = copyInto(big, 700);
const git = (...a: string[]) =>
  sh('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', ...a], big);
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-qm', 'import');
for (const rel of [picked[10], picked[350], picked[695]]) {
  appendFileSync(
    join(big, rel ?? ''),
    '\n\ndef added_by_bench(x):\n    if x:\n        return 1\n    return 0\n',
  );
}
git('commit', '-qam', 'three files change');

/** Median and min wall seconds, median CPU seconds and the largest peak RSS (MB) over ROUNDS runs under GNU time. */
function measure(label: string, cmd: string[], cwd: string): void {
  const walls: number[] = [];
  const cpus: number[] = [];
  let rss = 0;
  let status: number | null = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = process.hrtime.bigint();
    const res = spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...cmd], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, NO_COLOR: '1', PYSCAN_CACHE_DIR: cache },
    });
    walls.push(Number(process.hrtime.bigint() - t0) / 1e9);
    status = res.status;
    if (status !== 0 && status !== 1) throw new Error(`${label}: exit ${status}: ${res.stderr.slice(-500)}`);
    const [kb, user, sys] = (res.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    rss = Math.max(rss, (kb ?? 0) / 1024);
    cpus.push((user ?? 0) + (sys ?? 0));
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const med = walls[Math.floor(walls.length / 2)] ?? 0;
  const cpu = cpus[Math.floor(cpus.length / 2)] ?? 0;
  console.log(
    `${label.padEnd(44)} wall median ${med.toFixed(3)} s  min ${(walls[0] ?? 0).toFixed(3)} s  CPU median ${cpu.toFixed(2)} s  peak RSS ${rss.toFixed(0)} MB  exit ${status}`,
  );
}

console.log(
  `pyscan ${version} as shipped; ${cpus().length} cores; load average ${loadAverage()}; ${ROUNDS} rounds each`,
);
const forms: [string, string][] = [
  ['single executable', EXE],
  ['wheel (venv/bin/pyscan)', join(venv, 'bin/pyscan')],
  ['npm tarball (node bin)', join(npmDir, 'node_modules/.bin/pyscan')],
];
// First run of the executable unpacks into the cache: done once here, outside the figures.
sh(EXE, ['--version']);
sh(EXE, [small, '--format', 'json', '--out', '/dev/null']);
console.log('\n--version (target < 150 ms)');
for (const [name, bin] of forms) measure(`  ${name}`, [bin, '--version'], work);
console.log(`\n20-file project, ${mid.slice(0, 20).length} files (target < 0.5 s)`);
for (const [name, bin] of forms)
  measure(`  ${name}`, [bin, '.', '--format', 'json', '--out', '/dev/null'], small);
if (spawnSync('radon', ['--version']).status === 0)
  measure('  radon cc -j (same files)', ['radon', 'cc', '-j', '.'], small);
else console.log('  radon not installed: no comparison');
console.log('\n--diff HEAD~1 --changed-only on 700 files, 3 changed (target < 1 s)');
for (const [name, bin] of forms) {
  measure(
    `  ${name}`,
    [
      bin,
      '.',
      '--diff',
      'HEAD~1',
      '--changed-only',
      '--fail-on',
      'cc>15',
      '--format',
      'json',
      '--out',
      '/dev/null',
    ],
    big,
  );
}
console.log(`\nload average after: ${loadAverage()}`);
if (values.keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
