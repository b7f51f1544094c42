import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type OptionSort, REFUSED_OPTIONS, sortOptions } from './option-policy.js';

const READER = fileURLToPath(new URL('./read_pylint_config.py', import.meta.url));
const READ_TIMEOUT_MS = 20_000;

/**
 * The pylint configuration a run used, as the run record shows it: the repository's file (null when
 * it has none, or when repository configuration is off), the options applied, refused (could run
 * code) and overridden (the service's own), and whether environment findings count in the score.
 */
export interface PylintConfigUsed {
  file: string | null;
  applied: string[];
  refused: string[];
  overridden: string[];
  /** Why the repository's file could not be used (it was then left out entirely). */
  error: string | null;
  environment_in_score: boolean;
  /** Environment findings pylint gave in the run (kept as findings; in the score only when counted). */
  environment_findings: number;
}

/** The repository's configuration read and sorted: the arguments for pylint and the record. */
export interface RepoPylintConfig extends OptionSort {
  file: string | null;
  error: string | null;
}

const NONE: RepoPylintConfig = {
  file: null,
  error: null,
  args: [],
  applied: [],
  refused: [],
  overridden: [],
};

/**
 * Reads the pylint configuration at the root of the clone `dir` (as pylint 2.x finds it) with
 * `python` in isolated mode, so nothing of the repository is imported. A file that cannot be read
 * (bad syntax, no Python) gives `error` and no arguments: pylint then runs with the service's defaults,
 * and the run says so.
 */
export function readRepoPylintConfig(dir: string, python = 'python3'): Promise<RepoPylintConfig> {
  return new Promise((resolve) => {
    execFile(
      python,
      ['-I', READER],
      {
        cwd: dir,
        timeout: READ_TIMEOUT_MS,
        maxBuffer: 8 * 1024 * 1024,
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1' },
      },
      (err, stdout) => {
        if (err) {
          const why =
            (err as NodeJS.ErrnoException).code === 'ENOENT' ? `"${python}" not found` : err.message;
          return resolve({ ...NONE, error: `could not read the repository's pylint configuration: ${why}` });
        }
        try {
          const out = JSON.parse(stdout) as {
            file: string | null;
            options: [string, string][];
            error: string | null;
          };
          if (out.error) return resolve({ ...NONE, file: out.file, error: `${out.file}: ${out.error}` });
          return resolve({ ...sortOptions(out.options), file: out.file, error: null });
        } catch {
          return resolve({
            ...NONE,
            error: "could not read the repository's pylint configuration: bad reader output",
          });
        }
      },
    );
  });
}

/** The run warning for refused options (null when none were refused). */
export function refusedWarning(c: RepoPylintConfig): string | null {
  if (c.refused.length === 0) return null;
  const named = c.refused.map((n) => `${n} (${REFUSED_OPTIONS[n]})`).join(', ');
  return `pylint: ${c.file} sets options the service does not apply because they could run code: ${named}`;
}

/** The run warning for a configuration file that could not be read (null when none). */
export function unreadableWarning(c: RepoPylintConfig): string | null {
  return c.error ? `pylint: ${c.error}; pylint ran with the service's defaults` : null;
}
