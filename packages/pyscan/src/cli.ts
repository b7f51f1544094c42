// pyscan CLI: `npm run analyze -- <folder> [--out <dir>] [--include-tests] [--threads <n>] [--max-file-seconds <s>]`
// writes file.csv, class.csv, function.csv and summary.csv for a local folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { CLASS_COLUMNS, FILE_COLUMNS, FUNCTION_COLUMNS, SUMMARY_COLUMNS } from './columns.js';
import { toCsv } from './csv.js';
import { discoverPythonFiles } from './discover.js';
import { createAnalyzerPool, DEFAULT_MAX_FILE_SECONDS } from './pool.js';
import { summarize } from './summary.js';
import type { FileAnalysis } from './types.js';

interface CliArgs {
  folder: string;
  out: string;
  includeTests: boolean;
  threads: number | undefined;
  maxFileSeconds: number;
}

const USAGE =
  'usage: npm run analyze -- <folder> [--out <dir>] [--include-tests] [--threads <n>] [--max-file-seconds <s>]';

function parseArgs(argv: string[]): CliArgs {
  // npm runs workspace scripts from the package folder; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  let folder: string | undefined;
  let out = 'pyscan-out';
  let includeTests = false;
  let threads: number | undefined;
  let maxFileSeconds = DEFAULT_MAX_FILE_SECONDS;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--out') out = argv[++i] ?? out;
    else if (a === '--include-tests') includeTests = true;
    else if (a === '--threads') threads = Number(argv[++i]);
    else if (a === '--max-file-seconds') maxFileSeconds = Number(argv[++i]);
    else if (a === '-h' || a === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else folder = a;
  }
  if (!folder) throw new Error(USAGE);
  if (threads !== undefined && !(threads >= 1)) throw new Error('--threads needs a positive number');
  if (!(maxFileSeconds > 0)) throw new Error('--max-file-seconds needs a positive number of seconds');
  return { folder: resolve(base, folder), out: resolve(base, out), includeTests, threads, maxFileSeconds };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const files = discoverPythonFiles(args.folder, { includeTests: args.includeTests });
  const pool = await createAnalyzerPool({
    maxFileSeconds: args.maxFileSeconds,
    ...(args.threads ? { threads: args.threads } : {}),
  });
  const tty = process.stderr.isTTY;
  let done = 0;
  const results: FileAnalysis[] = await Promise.all(
    files.map(async (f) => {
      const r = await pool.analyzeFile(f.absPath, f.relPath);
      done++;
      if (tty && (done % 25 === 0 || done === files.length)) {
        process.stderr.write(`\ranalysed ${done}/${files.length} files`);
      }
      return r;
    }),
  );
  await pool.close();
  if (tty && files.length > 0) process.stderr.write('\n');
  const seconds = (performance.now() - t0) / 1000;
  mkdirSync(args.out, { recursive: true });
  writeFileSync(
    resolve(args.out, 'file.csv'),
    toCsv(
      FILE_COLUMNS,
      results.map((r) => r.file),
    ),
  );
  writeFileSync(
    resolve(args.out, 'class.csv'),
    toCsv(
      CLASS_COLUMNS,
      results.flatMap((r) => r.classes),
    ),
  );
  writeFileSync(
    resolve(args.out, 'function.csv'),
    toCsv(
      FUNCTION_COLUMNS,
      results.flatMap((r) => r.functions),
    ),
  );
  const summary = summarize(results, { repository: basename(args.folder), duration_s: seconds });
  writeFileSync(resolve(args.out, 'summary.csv'), toCsv(SUMMARY_COLUMNS, [summary]));
  const errors = results.filter((r) => r.file.parse_error).length;
  console.log(
    `${files.length} files (${errors} with parse_error), ${summary.functions} functions, ${summary.classes} classes ` +
      `in ${seconds.toFixed(2)} s with ${pool.threads} threads -> ${args.out}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
});
