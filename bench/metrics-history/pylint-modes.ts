// Compares the two ways runPylint can use both cores on the same files: one `pylint -j 2` or two
// pylint processes over size-balanced halves. Usage (from the repository root):
//   npx tsx bench/metrics-history/pylint-modes.ts [--files 300] [--dir <folder of .py files>]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { discoverPythonFiles } from '../../services/metrics/src/pipeline/discovery/discover.js';
import { runPylint } from '../../services/metrics/src/pipeline/pylint/run-pylint.js';
import { best, type Sample, timed } from './cpu.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '300' },
    dir: { type: 'string' },
    runs: { type: 'string', default: '2' },
  },
});
const dir =
  values.dir ??
  spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
    encoding: 'utf8',
  }).stdout.trim();
const found = await discoverPythonFiles(dir, { skipTests: true });
// Every k-th file, so the sample spans the whole library rather than its first folders.
const step = Math.max(1, Math.floor(found.files.length / Number(values.files)));
const files = found.files.filter((_, i) => i % step === 0).slice(0, Number(values.files));
console.log(`${files.length} files from ${dir}`);

const times: Record<string, Sample[]> = { 'pylint -j 2': [], 'two pylint processes': [] };
for (let r = 0; r < Number(values.runs); r++) {
  for (const [label, mode] of [
    ['pylint -j 2', 'jobs'],
    ['two pylint processes', 'split'],
  ] as const) {
    let scored = 0;
    times[label]!.push(
      await timed(async () => (scored = (await runPylint(files, { cwd: dir, mode, parallelism: 2 })).size)),
    );
    if (r === 0) console.log(`${label}: ${scored} files scored`);
  }
}
for (const [label, xs] of Object.entries(times))
  console.log(`${label.padEnd(24)} ${best(xs)} (best of ${xs.length})`);
