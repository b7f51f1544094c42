/** Options of {@link runPylint}. */
export interface RunPylintOptions {
  /** Folder the relative file paths are resolved against (the clone). */
  cwd: string;
  /** Executable (PYLINT_COMMAND); default `pylint`. */
  command?: string;
  /** Processes to use; default 2. */
  parallelism?: number;
  /**
   * `jobs` (default): one pylint with `-j N`, which merges its workers' duplicate-code data; `split`: N
   * pylint processes over size-balanced parts, which cannot see duplicates across parts.
   */
  mode?: 'jobs' | 'split';
  /** Whole run; default 30 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * `--name=value` options from the repository's own configuration, already sorted by
   * repo-config/option-policy.ts (nothing that could run code).
   */
  repoArgs?: string[];
  /** Count environment findings (environment-findings.ts) in the counts and score; default false. */
  environmentInScore?: boolean;
  /**
   * Told of files left without results because pylint crashed on them (no parseable output, or a fatal
   * exit with no fatal message to show for it), with pylint's own words. Such files are absent from the
   * returned map, never scored as clean.
   */
  onFailed?: (files: string[], message: string) => void;
}
