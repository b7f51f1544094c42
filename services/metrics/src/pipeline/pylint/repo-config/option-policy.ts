/**
 * Which of a repository's pylint options the service applies. Everything that only tunes checkers
 * (enable/disable, naming patterns, limits, ignored modules, …) is honoured. Refused are the options
 * that make pylint run code or touch files outside the clone on this machine; options the service
 * sets itself for its own harness (output format, jobs, scoring, which files are checked) are
 * overridden. Both lists are named in the run's configuration record (and refused ones in a warning).
 */

/** Options that would execute the repository's code (or arbitrary code) or write outside the clone. */
export const REFUSED_OPTIONS: Readonly<Record<string, string>> = {
  'init-hook': 'runs Python code',
  'load-plugins': 'imports Python modules',
  evaluation: 'is evaluated as a Python expression',
  'extension-pkg-allow-list': 'imports C extensions',
  'extension-pkg-whitelist': 'imports C extensions',
  'unsafe-load-any-extension': 'imports C extensions',
  'spelling-private-dict-file': 'reads and writes a file outside the clone',
  'spelling-store-unknown-words': 'writes a file',
  rcfile: 'names another configuration file',
};

/** Options the service sets for its own run (its output, its processes, its file list). */
export const SERVICE_OPTIONS: ReadonlySet<string> = new Set([
  'output-format',
  'output',
  'reports',
  'score',
  'jobs',
  'persistent',
  'exit-zero',
  'fail-under',
  'fail-on',
  'from-stdin',
  'recursive',
  'msg-template',
  'ignore',
  'ignore-paths',
  'ignore-patterns',
  'clear-cache-post-run',
  'verbose',
]);

/** A repository's options sorted into what is applied, refused, and left to the service. */
export interface OptionSort {
  /** `--name=value` arguments, in the file's order. */
  args: string[];
  applied: string[];
  refused: string[];
  overridden: string[];
}

/** Sorts `[name, value]` pairs as pylint read them from the repository's file. */
export function sortOptions(options: readonly (readonly [string, string])[]): OptionSort {
  const out: OptionSort = { args: [], applied: [], refused: [], overridden: [] };
  for (const [raw, value] of options) {
    // Normalised only to recognise an option however it is spelled (init_hook, Init-Hook).
    const name = raw.trim().toLowerCase().replace(/_/g, '-');
    if (name === '' || name.startsWith('-')) continue;
    if (name in REFUSED_OPTIONS) out.refused.push(name);
    else if (SERVICE_OPTIONS.has(name)) out.overridden.push(name);
    else {
      // As pylint would read it (the file's own spelling); multi-line ini values keep their newlines,
      // as pylint's own config parser hands them to argparse.
      out.args.push(`--${raw.trim()}=${value}`);
      out.applied.push(name);
    }
  }
  return out;
}
