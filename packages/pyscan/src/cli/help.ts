// The --help text, laid out like radon's (usage, arguments, options with defaults) plus exit codes.
import { metricNames } from './thresholds.js';

export function helpText(version: string): string {
  return `usage: pyscan [-h] [-V] [-f FORMAT] [-o OUT] [--fail-on RULES]
              [--diff REF] [--changed-only] [--baseline FILE [--update-baseline]] [-e GLOB] [--include-tests]
              [-j N] [--max-file-seconds S] [--top N] [--config FILE | --no-config]
              [paths ...]

Measure Python files with radon's definitions (cyclomatic complexity and rank,
maintainability index, Halstead, raw line counts) plus cognitive complexity,
parameters and nesting, and fail when code breaks the given limits.
pyscan ${version}

positional arguments:
  paths                 Folders and files to analyse (default: the current folder).
                        Folders are searched for *.py files; files are taken as given.

options:
  -h, --help            Show this help message and exit.
  -V, --version         Print the version and exit.
  -f, --format {text,json,csv,sarif,github,gitlab,markdown}
                        Output format (default: text). text is a summary with the
                        worst functions and files; json is one document (schema
                        schema/pyscan-report.schema.json); csv writes file.csv,
                        class.csv, function.csv and summary.csv; sarif is SARIF
                        2.1.0 for code scanning; github is workflow-command
                        annotations (and the job summary); gitlab is a Code
                        Quality report; markdown is a pull request comment.
  -o, --out OUT         Where to write: a file for text, json and sarif (default:
                        standard output), a folder for csv (default: pyscan-out).
  --fail-on RULES       Comma-separated limits, e.g. "cc>15,cognitive>20,mi<20,
                        rank>=D"; repeatable. Every item breaking one is listed and
                        the exit code is 1. Operators: > >= < <= =. Metrics:
                        ${metricNames('function').join(', ')} (functions);
                        ${metricNames('file').join(', ')} (files). (default: none)
  --diff REF            Apply --fail-on only to functions and files changed since the
                        git revision REF (working tree and untracked files included).
                        health_decline>0 fails a changed function whose health dropped.
  --changed-only        With --diff, analyse only the changed files.
  --coverage FILE       A coverage.py report (coverage xml or coverage json) joined to
                        the files and functions; --fail-on coverage<N, new_coverage<N.
  --baseline FILE       Fail only on violations FILE does not list; a missing FILE
                        is written with today's violations (which then pass).
                        Matched by file, function name and metric, not line.
  --update-baseline     Rewrite FILE with today's violations.
  -e, --exclude GLOB    Leave out files and folders matching GLOB (relative to the
                        current folder; a name without '/' matches at any depth);
                        repeatable or comma-separated. Adds to [tool.pyscan] exclude.
  --include-tests       Analyse test files too (test_*.py, *_test.py, tests/).
                        (default: false; --no-include-tests overrides the config)
  -j, --threads N       Worker threads (default: one per core, at most one per file;
                        none for up to 512 kB of files, analysed on the main thread).
  --max-file-seconds S  Time budget of one file; over it the file gets parse_error
                        "timeout" (default: 30; setting it always uses workers).
  --top N               Rows in the text format's worst-functions and worst-files
                        lists (default: 10).
  --config FILE         Read [tool.pyscan] from FILE instead of the nearest
                        pyproject.toml (searched from the analysed folder up to the
                        git repository's root).
  --no-config           Ignore pyproject.toml.

configuration:
  [tool.pyscan] in pyproject.toml may set fail_on, exclude, include_tests,
  format, threads, max_file_seconds and top; flags override it.

exit codes:
  0  analysis done, no limit broken
  1  at least one --fail-on limit broken (the gate failed)
  2  usage, configuration, git or I/O error (one line on standard error)
`;
}
