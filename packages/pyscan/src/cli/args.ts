// Command-line flags, parsed strictly (an unknown flag is a usage error, not ignored).
import { parseArgs } from 'node:util';
import { OUTPUT_FORMATS, type OutputFormat } from '../config/pyproject.js';
import { UsageError } from './exit-codes.js';

/** What the command line said; undefined means "not given" so pyproject.toml can fill it. */
export interface CliFlags {
  paths: string[];
  format: OutputFormat | undefined;
  out: string | undefined;
  failOn: string[] | undefined;
  exclude: string[];
  includeTests: boolean | undefined;
  diff: string | undefined;
  changedOnly: boolean;
  /** --coverage FILE: a coverage.py report (XML or JSON). */
  coverage: string | undefined;
  baseline: string | undefined;
  updateBaseline: boolean;
  threads: number | undefined;
  maxFileSeconds: number | undefined;
  top: number | undefined;
  config: string | undefined;
  noConfig: boolean;
  help: boolean;
  version: boolean;
}

function positiveNumber(flag: string, raw: string | undefined, integer: boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!(n > 0) || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} needs a positive ${integer ? 'integer' : 'number'}, not '${raw}'`);
  }
  return n;
}

export function parseFlags(argv: string[]): CliFlags {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    // Node's messages carry a hint on a second sentence; the first says what is wrong.
    throw new UsageError((err as Error).message.split('. ')[0] ?? 'invalid arguments');
  }
  const v = parsed.values;
  const format = v.format;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, not '${format}'`);
  }
  if (v['changed-only'] && v.diff === undefined)
    throw new UsageError('--changed-only needs --diff <git-ref>');
  if (v['update-baseline'] && v.baseline === undefined)
    throw new UsageError('--update-baseline needs --baseline <file>');
  if (v.config !== undefined && v['no-config'])
    throw new UsageError('--config and --no-config exclude each other');
  const includeTests = v['include-tests'] ? true : v['no-include-tests'] ? false : undefined;
  return {
    paths: parsed.positionals,
    format: format as OutputFormat | undefined,
    out: v.out,
    failOn: v['fail-on'],
    exclude: (v.exclude ?? [])
      .flatMap((e) => e.split(','))
      .map((e) => e.trim())
      .filter((e) => e !== ''),
    includeTests,
    diff: v.diff,
    changedOnly: v['changed-only'] ?? false,
    coverage: v.coverage,
    baseline: v.baseline,
    updateBaseline: v['update-baseline'] ?? false,
    threads: positiveNumber('--threads', v.threads, true),
    maxFileSeconds: positiveNumber('--max-file-seconds', v['max-file-seconds'], false),
    top: positiveNumber('--top', v.top, true),
    config: v.config,
    noConfig: v['no-config'] ?? false,
    help: v.help ?? false,
    version: v.version ?? false,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string', short: 'f' },
      out: { type: 'string', short: 'o' },
      'fail-on': { type: 'string', multiple: true },
      exclude: { type: 'string', short: 'e', multiple: true },
      'include-tests': { type: 'boolean' },
      'no-include-tests': { type: 'boolean' },
      diff: { type: 'string' },
      'changed-only': { type: 'boolean' },
      coverage: { type: 'string' },
      baseline: { type: 'string' },
      'update-baseline': { type: 'boolean' },
      threads: { type: 'string', short: 'j' },
      'max-file-seconds': { type: 'string' },
      top: { type: 'string' },
      config: { type: 'string' },
      'no-config': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'V' },
    },
  });
}
