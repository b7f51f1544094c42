// Speed of the pyscan CLI (every metric, worker threads) against `radon cc -j` alone, side by side
// on the same files, plus the CLI alone on a larger corpus. Prints wall time, CPU time, files/s,
// lines/s and peak RSS (from /usr/bin/time, worker threads included). The CLI runs compiled, as
// installed: the package is built to packages/pyscan/dist first.
// Usage: node --import tsx bench/pyscan-speed/speed.ts [--side <dir>] [--big <dir>] [--rounds <n>] [--source]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverPythonFiles } from '@app/pyscan';

interface Run {
  seconds: number;
  /** User plus system CPU seconds (a figure that depends less on what else the machine runs). */
  cpu: number;
  rssMb: number;
}

const PKG = new URL('../../packages/pyscan/', import.meta.url).pathname;

/** The command line that runs the CLI: compiled (built here first), or from source with --source. */
function cliCommand(fromSource: boolean): string[] {
  if (fromSource) {
    const src = ['src/cli/main.ts', 'src/cli.ts'].map((p) => PKG + p).find((p) => existsSync(p));
    if (!src) throw new Error('no pyscan CLI source found');
    return ['--import', 'tsx', src];
  }
  const built = spawnSync('npm', ['run', 'build'], { cwd: PKG, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed: ${built.stderr}${built.stdout}`);
  const js = ['dist/cli/main.bundle.js', 'dist/cli/main.js', 'dist/cli.js']
    .map((p) => PKG + p)
    .find((p) => existsSync(p));
  if (!js) throw new Error('the build produced no dist/cli/main.js or dist/cli.js');
  return [js];
}

let CLI: string[] = [];

function timed(cmd: string, args: string[]): Run {
  const res = spawnSync('/usr/bin/time', ['-f', '@@ %e %M %U %S', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const m = /@@ ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(res.stderr);
  if (res.status !== 0 || !m) throw new Error(`${cmd} failed (${res.status}): ${res.stderr.slice(-500)}`);
  return { seconds: Number(m[1]), rssMb: Number(m[2]) / 1024, cpu: Number(m[3]) + Number(m[4]) };
}

function corpus(dir: string): { files: number; lines: number } {
  const files = discoverPythonFiles(dir, { includeTests: true });
  let lines = 0;
  for (const f of files) {
    const buf = readFileSync(f.absPath);
    for (const b of buf) if (b === 10) lines++;
  }
  return { files: files.length, lines };
}

function pyscan(dir: string, out: string): Run {
  return timed(process.execPath, [...CLI, dir, '--format', 'csv', '--out', out, '--include-tests']);
}

function line(label: string, r: Run, c: { files: number; lines: number }): string {
  const fps = (c.files / r.seconds).toFixed(0);
  const lps = (c.lines / r.seconds).toFixed(0);
  return `  ${label.padEnd(22)} ${r.seconds.toFixed(2).padStart(7)} s  ${fps.padStart(6)} files/s  ${lps.padStart(8)} lines/s  CPU ${r.cpu.toFixed(2).padStart(6)} s  peak RSS ${r.rssMb.toFixed(0)} MB`;
}

function best(runs: Run[]): Run {
  return runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
}

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string, dflt: string): string => {
    const k = args.indexOf(name);
    return k >= 0 ? (args[k + 1] ?? dflt) : dflt;
  };
  const side = opt('--side', '/usr/lib/python3.11');
  const pyenvLib = spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
    encoding: 'utf8',
  }).stdout.trim();
  const big = opt('--big', pyenvLib);
  const rounds = Math.max(1, Number(opt('--rounds', '1')));
  CLI = cliCommand(args.includes('--source'));
  const out = mkdtempSync(join(tmpdir(), 'pyscan-speed-'));
  try {
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2-core machine shared with others)`,
    );
    const c1 = corpus(side);
    console.log(`\nside by side on ${side}: ${c1.files} files, ${c1.lines} lines, best of ${rounds}`);
    const radonRuns: Run[] = [];
    const pyscanRuns: Run[] = [];
    for (let i = 0; i < rounds; i++) {
      radonRuns.push(timed('radon', ['cc', '-j', side]));
      pyscanRuns.push(pyscan(side, out));
    }
    const r = best(radonRuns);
    const p = best(pyscanRuns);
    console.log(line('radon cc -j', r, c1));
    console.log(line('pyscan (all metrics)', p, c1));
    console.log(
      `  pyscan / radon cc: ${(p.seconds / r.seconds).toFixed(2)}x the wall time (target: at most 0.33), ` +
        `${(p.cpu / r.cpu).toFixed(2)}x the CPU time`,
    );
    if (big) {
      const c2 = corpus(big);
      console.log(`\npyscan alone on ${big}: ${c2.files} files, ${c2.lines} lines, best of ${rounds}`);
      const b = best(Array.from({ length: rounds }, () => pyscan(big, out)));
      console.log(line('pyscan (all metrics)', b, c2));
      console.log(`  target: under 10 s -> ${b.seconds < 10 ? 'met' : 'NOT met'}`);
    }
    console.log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

main();
