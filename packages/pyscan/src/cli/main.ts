// pyscan's command line: `pyscan [options] [paths ...]` (see help.ts and docs/pyscan-cli.md).
import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { compileExcludes } from '../config/globs.js';
import { summarize } from '../summary.js';
import { parseFlags } from './args.js';
import { applyBaseline, readBaseline, writeBaseline } from './baseline.js';
import { measureFiles, repoMeasures } from './code-health.js';
import { type ChangeSet, changesSince, diffScope } from './diff.js';
import { EXIT_GATE_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './exit-codes.js';
import { healthExtras, runHealth } from './health.js';
import { helpText } from './help.js';
import { newCodeDeltas } from './new-code-deltas.js';
import { writeReport } from './output.js';
import type { Report } from './report.js';
import { analyzeWithPool } from './run-pool.js';
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

function gitTopLevel(dir: string): string | null {
  const res = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
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
  const { results, threads } = await analyzeWithPool(
    files,
    settings.threads,
    settings.maxFileSeconds,
    settings.budgetAsked,
  );
  const absOf = new Map(files.map((f) => [f.relPath, f.absPath]));
  const codeHealth = measureFiles(files, base);
  // Loaded only with --coverage: the XML parser is a quarter of the CLI's JavaScript.
  const coverage =
    flags.coverage === undefined
      ? null
      : (await import('./coverage-join.js')).joinCoverage(flags.coverage, cwd, results, changes, (rel) =>
          absOf.get(rel),
        );
  const health = runHealth(results, codeHealth, coverage);
  const scope = changes ? diffScope(changes, (rel) => absOf.get(rel)) : null;
  const needsDecline = rules.some((r) => r.metric === 'health_decline');
  const extras = await healthExtras(results, health, needsDecline ? changes : null, scope, (rel) =>
    absOf.get(rel),
  );
  let violations = evaluate(rules, results, scope, repoMeasures(codeHealth, coverage), extras);
  let baseline: Report['gate']['baseline'] = null;
  if (flags.baseline !== undefined) {
    const file = resolve(cwd, flags.baseline);
    const entries = flags.updateBaseline ? null : readBaseline(file, flags.baseline);
    if (entries === null) {
      // No baseline yet (or --update-baseline): today's violations become the baseline and pass.
      writeBaseline(file, violations, facts.version, flags.baseline);
      baseline = { file: flags.baseline, known: violations.length, recorded: true };
      violations = [];
    } else {
      const split = applyBaseline(violations, entries);
      baseline = { file: flags.baseline, known: split.known.length, recorded: false };
      violations = split.fresh;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  let uriRoot: string | undefined;
  const report: Report = {
    tool: { name: 'pyscan', version: facts.version, homepage: facts.homepage },
    base,
    files: results,
    // Milliseconds: the digits past them are timer noise, not information (JSON and CSV alike).
    summary: summarize(results, {
      repository: basename(base),
      duration_s: Math.round(seconds * 1000) / 1000,
    }),
    settings: {
      fail_on: rules.map((r) => r.text),
      exclude: settings.exclude,
      include_tests: settings.includeTests,
      config_file: settings.configFile,
    },
    diff: changes ? { ref: changes.ref, changed_only: flags.changedOnly, changed_files: changedFiles } : null,
    gate: { rules, violations, passed: violations.length === 0, baseline },
    deltas: null,
    codeHealth,
    coverage,
    health,
    threads,
    seconds,
    uriOf(rel) {
      uriRoot ??= changes?.root ?? gitTopLevel(base) ?? cwd;
      return relPosix(uriRoot, absOf.get(rel) ?? resolve(base, rel));
    },
  };
  if (changes && (settings.format === 'markdown' || settings.format === 'github')) {
    report.deltas = await newCodeDeltas(changes, results, (rel) => absOf.get(rel));
  }
  writeReport(report, { format: settings.format, out: flags.out, cwd, top: settings.top, env });
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
