// Flags over [tool.pyscan] over defaults: the settings one run uses.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type ExcludeSet, globProblem } from '../config/globs.js';
import {
  findPyscanSettings,
  type OutputFormat,
  PyprojectError,
  type PyscanSettings,
  parsePyscanSettings,
} from '../config/pyproject.js';
import { DEFAULT_MAX_FILE_SECONDS } from '../pool.js';
import type { CliFlags } from './args.js';
import { UsageError } from './exit-codes.js';

export interface RunSettings {
  format: OutputFormat;
  failOn: string[];
  excludeSets: ExcludeSet[];
  /** Every glob, for the report (pyproject's first). */
  exclude: string[];
  includeTests: boolean;
  threads: number | undefined;
  maxFileSeconds: number;
  /** Whether a flag or [tool.pyscan] set max_file_seconds (the budget then needs worker threads). */
  budgetAsked: boolean;
  top: number;
  configFile: string | null;
}

function loadConfig(
  flags: CliFlags,
  cwd: string,
  base: string,
): { file: string; settings: PyscanSettings } | null {
  try {
    if (flags.noConfig) return null;
    if (flags.config !== undefined) {
      const file = resolve(cwd, flags.config);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        throw new UsageError(
          `--config ${flags.config}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
        );
      }
      return { file, settings: parsePyscanSettings(text, file) ?? {} };
    }
    return findPyscanSettings(base);
  } catch (err) {
    if (err instanceof PyprojectError) throw new UsageError(err.message);
    throw err;
  }
}

export function resolveSettings(flags: CliFlags, cwd: string, base: string): RunSettings {
  const found = loadConfig(flags, cwd, base);
  const cfg = found?.settings ?? {};
  for (const g of flags.exclude) {
    const problem = globProblem(g);
    if (problem) throw new UsageError(`--exclude: ${problem}`);
  }
  const excludeSets: ExcludeSet[] = [];
  if (found && cfg.exclude) excludeSets.push({ anchor: dirname(found.file), globs: cfg.exclude });
  if (flags.exclude.length > 0) excludeSets.push({ anchor: cwd, globs: flags.exclude });
  return {
    format: flags.format ?? cfg.format ?? 'text',
    failOn: flags.failOn ?? cfg.fail_on ?? [],
    excludeSets,
    exclude: excludeSets.flatMap((s) => s.globs),
    includeTests: flags.includeTests ?? cfg.include_tests ?? false,
    threads: flags.threads ?? cfg.threads,
    maxFileSeconds: flags.maxFileSeconds ?? cfg.max_file_seconds ?? DEFAULT_MAX_FILE_SECONDS,
    budgetAsked: (flags.maxFileSeconds ?? cfg.max_file_seconds) !== undefined,
    top: flags.top ?? cfg.top ?? 10,
    configFile: found?.file ?? null,
  };
}
