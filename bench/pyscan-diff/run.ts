// `pyscan --diff HEAD~1` on a 700-file repository where 3 files changed: the CLI as a user runs it
// (the bin: dist/ when built, else the TypeScript source through tsx), wall time per invocation.
// Usage: node --import tsx bench/pyscan-diff/run.ts [--files 700] [--rounds 5] [--source <dir>] [--keep]
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isTestPath } from '@app/pyscan';
import { listPython } from '../shared/stdlib-sources.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '700' },
    rounds: { type: 'string', default: '5' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
    keep: { type: 'boolean', default: false },
  },
});
const FILES = Number(values.files);
const ROUNDS = Number(values.rounds);
const BIN = new URL('../../packages/pyscan/bin/pyscan.mjs', import.meta.url).pathname;
const DIST = ['dist/cli/main.js', 'dist/cli.js'].find((p) =>
  existsSync(new URL(`../../packages/pyscan/${p}`, import.meta.url)),
);

function git(cwd: string, ...args: string[]): string {
  const res = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

/** A repository of FILES non-test standard-library files, then one commit changing three of them. */
function buildRepo(): { dir: string; changed: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pyscan-diff-bench-'));
  try {
    return fillRepo(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function fillRepo(dir: string): { dir: string; changed: string[] } {
  const sources = listPython(values.source, 256 * 1024).filter((p) => !isTestPath(p));
  if (sources.length === 0) throw new Error(`no Python files under ${values.source}`);
  // Fewer sources than FILES (Debian's 3.11 has 664 non-test ones): the rest are copies under copy2/, …
  const picked: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const src = sources[i % sources.length] ?? '';
    const rel = i < sources.length ? src : `copy${Math.floor(i / sources.length) + 1}/${src}`;
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(values.source, src), join(dir, rel));
    picked.push(rel);
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'import');
  const changed = [picked[10], picked[Math.floor(FILES / 2)], picked[FILES - 5]].filter(
    (p): p is string => !!p,
  );
  for (const rel of changed) {
    const body = Array.from({ length: 16 }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('');
    appendFileSync(join(dir, rel), `\n\ndef added_by_bench(x):\n${body}    return -1\n`);
  }
  git(dir, 'commit', '-qam', 'three files change');
  return { dir, changed };
}

function timeOnce(cwd: string, args: string[]): { seconds: number; status: number | null; stderr: string } {
  const t0 = process.hrtime.bigint();
  const res = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { seconds, status: res.status, stderr: res.stderr };
}

function measure(label: string, cwd: string, args: string[]): void {
  const times: number[] = [];
  let last = { status: 0 as number | null, stderr: '' };
  for (let i = 0; i < ROUNDS; i++) {
    const r = timeOnce(cwd, args);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${label}: exit ${r.status}: ${r.stderr}`);
    times.push(r.seconds);
    last = r;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const verdict = /gate (passed|failed)[^\n]*/.exec(last.stderr)?.[0] ?? '';
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(3)} s  min ${(times[0] ?? 0).toFixed(3)} s  max ${(times.at(-1) ?? 0).toFixed(3)} s  exit ${last.status}  ${verdict}`,
  );
}

const t0 = performance.now();
const { dir, changed } = buildRepo();
console.log(
  `repository: ${FILES} files from ${values.source}, built in ${((performance.now() - t0) / 1000).toFixed(1)} s at ${dir}`,
);
console.log(`changed in HEAD: ${changed.join(', ')}`);
console.log(
  `cli: ${DIST ? `packages/pyscan/${DIST} (built)` : 'TypeScript source through tsx (no dist/)'}; ${cpus().length} cores; ${ROUNDS} rounds each`,
);
console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
try {
  const gate = [
    '--fail-on',
    'cc>15',
    '--format',
    'json',
    '--out',
    join(dir, '..', `${dir.split('/').at(-1)}.json`),
  ];
  measure('pyscan --version (start-up only)', dir, ['--version']);
  measure('pyscan . --diff HEAD~1 --changed-only', dir, ['.', '--diff', 'HEAD~1', '--changed-only', ...gate]);
  measure('pyscan . --diff HEAD~1 (all files analysed)', dir, ['.', '--diff', 'HEAD~1', ...gate]);
  measure('pyscan . (no diff)', dir, ['.', ...gate]);
} finally {
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (!values.keep) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.json`, { force: true });
  }
}
