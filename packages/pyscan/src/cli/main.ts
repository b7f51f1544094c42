// pyscan's command line: `pyscan [options] [paths ...]` (see help.ts and docs/pyscan-cli.md).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { compileExcludes } from '../config/globs.js';
import { createAnalyzerPool } from '../pool.js';
import { summarize } from '../summary.js';
import type { FileAnalysis } from '../types.js';
import { parseFlags } from './args.js';
import { type ChangeSet, changesSince, diffScope } from './diff.js';
import { EXIT_GATE_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './exit-codes.js';
import { paint, useColor } from './formats/color.js';
import { writeCsvs } from './formats/csv.js';
import { renderJson } from './formats/json.js';
import { renderSarif } from './formats/sarif.js';
import { gateLines, renderText } from './formats/text.js';
import { helpText } from './help.js';
import type { Report } from './report.js';
import { resolveSettings } from './settings.js';
import { baseFolder, relPosix, resolveTargets } from './targets.js';
import { evaluate, parseFailOn } from './thresholds.js';
import { packageFacts } from './version.js';

/** The folder the user typed the command in: npm runs workspace scripts from the package folder. */
function invocationFolder(env: NodeJS.ProcessEnv): string {
  if (env.npm_lifecycle_event === 'analyze' && env.npm_package_name === '@app/pyscan' && env.INIT_CWD) {
    return env.INIT_CWD;
  }
  return process.cwd();
}

async function analyze(
  files: { absPath: string; relPath: string }[],
  threads: number | undefined,
  maxFileSeconds: number,
): Promise<{ results: FileAnalysis[]; threads: number }> {
  if (files.length === 0) return { results: [], threads: 0 };
  const pool = await createAnalyzerPool({
    maxFileSeconds,
    threads: Math.max(1, Math.min(threads ?? availableParallelism(), files.length)),
  });
  const tty = process.stderr.isTTY === true;
  let done = 0;
  try {
    const results = await Promise.all(
      files.map(async (f) => {
        const r = await pool.analyzeFile(f.absPath, f.relPath);
        done++;
        if (tty && (done % 25 === 0 || done === files.length)) {
          process.stderr.write(`\ranalysed ${done}/${files.length} files`);
        }
        return r;
      }),
    );
    return { results, threads: pool.threads };
  } finally {
    await pool.close();
    if (tty) process.stderr.write('\r\u001b[K');
  }
}

function gitTopLevel(dir: string): string | null {
  const res = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

function emit(text: string, out: string | undefined, cwd: string): void {
  if (out === undefined) {
    process.stdout.write(text);
    return;
  }
  const file = resolve(cwd, out);
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new UsageError(`--out ${out} is a folder: only --format csv writes to a folder`);
  }
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw new UsageError(`cannot write ${out}: ${(err as Error).message}`);
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const t0 = performance.now();
  const flags = parseFlags(argv);
  const facts = packageFacts();
  if (flags.help) {
    process.stdout.write(helpText(facts.version));
    return EXIT_OK;
  }
  if (flags.version) {
    process.stdout.write(`pyscan ${facts.version}\n`);
    return EXIT_OK;
  }
  const cwd = invocationFolder(env);
  const paths = flags.paths.length > 0 ? flags.paths : ['.'];
  const base = baseFolder(paths, cwd);
  const settings = resolveSettings(flags, cwd, base);
  const rules = parseFailOn(settings.failOn);
  const targets = resolveTargets(paths, cwd, {
    includeTests: settings.includeTests,
    exclude: compileExcludes(settings.excludeSets),
  });
  let changes: ChangeSet | null = null;
  let files = targets.files;
  let changedFiles: string[] = [];
  if (flags.diff !== undefined) {
    changes = changesSince(base, flags.diff);
    const changed = changes.files;
    const inChange = files.filter((f) => changed.has(f.absPath));
    changedFiles = inChange.map((f) => f.relPath);
    if (flags.changedOnly) files = inChange;
  }
  const { results, threads } = await analyze(files, settings.threads, settings.maxFileSeconds);
  const absOf = new Map(files.map((f) => [f.relPath, f.absPath]));
  const violations = evaluate(rules, results, changes ? diffScope(changes, (rel) => absOf.get(rel)) : null);
  const seconds = (performance.now() - t0) / 1000;
  let uriRoot: string | undefined;
  const report: Report = {
    tool: { name: 'pyscan', version: facts.version, homepage: facts.homepage },
    base,
    files: results,
    summary: summarize(results, { repository: basename(base), duration_s: seconds }),
    settings: {
      fail_on: rules.map((r) => r.text),
      exclude: settings.exclude,
      include_tests: settings.includeTests,
      config_file: settings.configFile,
    },
    diff: changes ? { ref: changes.ref, changed_only: flags.changedOnly, changed_files: changedFiles } : null,
    gate: { rules, violations, passed: violations.length === 0 },
    threads,
    seconds,
    uriOf(rel) {
      uriRoot ??= changes?.root ?? gitTopLevel(base) ?? cwd;
      return relPosix(uriRoot, absOf.get(rel) ?? resolve(base, rel));
    },
  };
  const out = flags.out;
  const errPaint = paint(useColor(process.stderr, env));
  switch (settings.format) {
    case 'text':
      emit(
        renderText(report, paint(out === undefined && useColor(process.stdout, env)), settings.top),
        out,
        cwd,
      );
      break;
    case 'json':
      emit(renderJson(report), out, cwd);
      break;
    case 'sarif':
      emit(renderSarif(report), out, cwd);
      break;
    case 'csv': {
      const dir = resolve(cwd, out ?? 'pyscan-out');
      try {
        writeCsvs(report, dir);
      } catch (err) {
        throw new UsageError(`cannot write CSV files to ${dir}: ${(err as Error).message}`);
      }
      const errors = results.filter((r) => r.file.parse_error).length;
      process.stdout.write(
        `${results.length} files (${errors} with parse_error), ${report.summary.functions} functions, ` +
          `${report.summary.classes} classes in ${seconds.toFixed(2)} s with ${threads} threads -> ${dir}\n`,
      );
      break;
    }
  }
  // The other formats are for machines; the verdict and the violations go to stderr for the CI log.
  if (settings.format !== 'text' && rules.length > 0)
    process.stderr.write(`${gateLines(report, errPaint).join('\n')}\n`);
  return violations.length > 0 ? EXIT_GATE_FAILED : EXIT_OK;
}

/** Runs main and turns every failure into one line on stderr and exit code 2. */
export async function run(): Promise<void> {
  // `pyscan … | head` closes the pipe early: that is the reader's choice, not an error worth a trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    process.stderr.write(`pyscan: cannot write the output: ${err.message}\n`);
    process.exit(EXIT_USAGE);
  });
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    process.stderr.write(`pyscan: ${msg.split('\n')[0]}\n`);
    if (process.env.PYSCAN_DEBUG && err instanceof Error && !(err instanceof UsageError)) {
      process.stderr.write(`${err.stack}\n`);
    }
    process.exitCode = EXIT_USAGE;
  }
}

await run();
