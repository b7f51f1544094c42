import { join, resolve } from 'node:path';
import { bool, ConfigError, int, loadConfig, oneOf, str, url } from '@app/kit';

/** The only place that reads process.env: everything else receives this object. */
export const configSchema = {
  PORT: int({ default: 8000, min: 0, max: 65535 }),
  HOST: str({ default: '0.0.0.0' }),
  DATA_DIR: str({ default: './data' }),
  DATABASE_URL: url({ protocols: ['postgres', 'postgresql'] }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  CLONE_SHALLOW: bool({ default: true }),
  PYLINT_ENABLED: bool({ default: true }),
  SKIP_TEST_FILES: bool({ default: true }),
  MAX_FILE_COUNT: int({ default: 10_000, min: 1, max: 1_000_000 }),
  MAX_REPO_SIZE_MB: int({ default: 500, min: 0, max: 1_000_000 }),
  GITHUB_BASE_URL: url({ protocols: ['https', 'http', 'file'], default: 'https://github.com' }),
  PYLINT_COMMAND: str({ default: 'pylint' }),
  /** Analyses run at the same time by this process. */
  WORKER_CONCURRENCY: int({ default: 1, min: 1, max: 16 }),
  /** Worker threads of the pyscan pool (per process, shared by concurrent runs). */
  ANALYSIS_THREADS: int({ default: 2, min: 1, max: 64 }),
  /** Parallel pylint processes (`pylint -j`). */
  PYLINT_JOBS: int({ default: 2, min: 1, max: 64 }),
  PYLINT_TIMEOUT_SECONDS: int({ default: 1800, min: 1, max: 86_400 }),
  /** Run bandit beside pylint: its results are `security` findings. */
  BANDIT_ENABLED: bool({ default: true }),
  BANDIT_COMMAND: str({ default: 'bandit' }),
  /** Count pylint's environment findings (import-error and the like) in the pylint counts, score and grade. */
  PYLINT_ENVIRONMENT_IN_SCORE: bool({ default: false }),
  CLONE_TIMEOUT_SECONDS: int({ default: 600, min: 1, max: 86_400 }),
  /** Seconds pyscan may spend on one file before it gets parse_error `timeout` and the run goes on. */
  MAX_FILE_SECONDS: int({ default: 30, min: 1, max: 86_400 }),
  /** Clone detection: fewest normalised tokens and fewest lines a duplicated fragment has. */
  DUPLICATION_MIN_TOKENS: int({ default: 50, min: 10, max: 100_000 }),
  DUPLICATION_MIN_LINES: int({ default: 6, min: 1, max: 100_000 }),
  /** A source file bigger than this is skipped with a warning. */
  MAX_FILE_SIZE_KB: int({ default: 2048, min: 1, max: 1_000_000 }),
  /** Source view: a file bigger than this keeps its metrics and findings but not its text; 0 stores none. */
  SOURCE_MAX_FILE_KB: int({ default: 512, min: 0, max: 1_000_000 }),
  /** Source view: text stored per run (before compression); files past it are not stored. */
  SOURCE_MAX_RUN_MB: int({ default: 100, min: 0, max: 1_000_000 }),
  /** Content cache (pyscan per blob, pylint per tree): cap in MB, least recently used pruned first; 0 turns it off. */
  CACHE_MAX_MB: int({ default: 1024, min: 0, max: 10_000_000 }),
  /** Replaces the pyscan version the blob cache is keyed by (default: pyscan's version and code fingerprint). */
  CACHE_PYSCAN_VERSION: str(),
  /** Repository cache (bare mirrors under DATA_DIR/repo-cache): size budget in MB, least recently used removed first; 0 turns it off. */
  REPO_CACHE_MB: int({ default: 2000, min: 0, max: 10_000_000 }),
  /** A running analysis whose worker has not renewed its lease for this long is taken as dead. */
  LEASE_SECONDS: int({ default: 30, min: 2, max: 3600 }),
  /** How often an idle worker looks for queued analyses (new ones in this process wake it at once). */
  POLL_INTERVAL_MS: int({ default: 2000, min: 50, max: 60_000 }),
  /** New analyses are refused (429) while this many wait in the queue; 0 = no cap. */
  MAX_QUEUED_RUNS: int({ default: 100, min: 0, max: 1_000_000 }),
  /** Analyses one client (IP address) may request per minute, per process; 0 = no limit. */
  RUNS_PER_MINUTE_PER_CLIENT: int({ default: 10, min: 0, max: 100_000 }),
  /** When set, the API, downloads, reports and web UI require this token (Bearer or session cookie). */
  METRICS_API_TOKEN: str(),
  /**
   * When set, deleting runs needs this token (Bearer, or a web session signed in with it); it also
   * opens everything METRICS_API_TOKEN opens. Unset: whoever may use the API may delete.
   */
  METRICS_ADMIN_TOKEN: str(),
  /** Forge webhooks (docs/forge.md): the shared secret of X-Hub-Signature-256; unset = no webhook. */
  FORGE_WEBHOOK_SECRET: str(),
  /** The forge's REST API the verdict is reported to (GitHub's, or a GitHub Enterprise one). */
  FORGE_API_URL: url({ protocols: ['https', 'http'], default: 'https://api.github.com' }),
  /** Token for that API (statuses and issue comments); unset = webhooks queue runs but nothing is reported. */
  FORGE_TOKEN: str(),
};

/** Shortest accepted METRICS_API_TOKEN: shorter ones could be guessed despite the attempt throttle. */
export const MIN_TOKEN_LENGTH = 16;

/** What one process does: `api` serves HTTP and queues, `worker` analyses, `all` both (the default). */
export type Role = 'api' | 'worker' | 'all';
export const ROLES: readonly Role[] = ['api', 'worker', 'all'];

export interface MetricsConfig {
  role: Role;
  port: number;
  host: string;
  dataDir: string;
  outputsDir: string;
  scratchDir: string;
  /** `$DATA_DIR/repo-cache`: the bare mirrors of the repository cache. */
  repoCacheDir: string;
  databaseUrl: string | undefined;
  sqliteFile: string;
  logLevel: string;
  cloneShallow: boolean;
  pylintEnabled: boolean;
  skipTestFiles: boolean;
  maxFileCount: number;
  maxRepoSizeMb: number;
  githubBaseUrl: string;
  pylintCommand: string;
  workerConcurrency: number;
  analysisThreads: number;
  pylintJobs: number;
  cloneTimeoutMs: number;
  pylintTimeoutMs: number;
  pylintEnvironmentInScore: boolean;
  banditEnabled: boolean;
  banditCommand: string;
  maxFileSizeBytes: number;
  maxFileSeconds: number;
  sourceMaxFileBytes: number;
  sourceMaxRunBytes: number;
  duplicationMinTokens: number;
  duplicationMinLines: number;
  /** CACHE_MAX_MB in bytes; 0 = no content cache. */
  cacheMaxBytes: number;
  cachePyscanVersion: string | undefined;
  /** REPO_CACHE_MB in bytes; 0 = every full-history run clones from the remote. */
  repoCacheBytes: number;
  leaseMs: number;
  pollIntervalMs: number;
  maxQueuedRuns: number;
  runsPerMinutePerClient: number;
  apiToken: string | undefined;
  adminToken: string | undefined;
  forgeWebhookSecret: string | undefined;
  forgeApiUrl: string;
  forgeToken: string | undefined;
}

/** The `--role api|worker|all` (or `--role=…`) command-line flag; anything else on the line is refused. */
export function readRole(argv: readonly string[]): Role {
  let role: Role = 'all';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = a === '--role' ? argv[++i] : a.startsWith('--role=') ? a.slice(7) : undefined;
    if (value === undefined && a !== '--role')
      throw new ConfigError([`unknown argument "${a}": use --role api|worker|all`]);
    if (!ROLES.includes(value as Role)) {
      throw new ConfigError([`--role must be one of api, worker, all (got "${value ?? ''}")`]);
    }
    role = value as Role;
  }
  return role;
}

/**
 * Validates the environment and the command line once; a bad value throws a ConfigError naming the
 * variable. `argv` is what follows the script name (`--role worker`).
 */
export function readConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = [],
): MetricsConfig {
  const role = readRole(argv);
  const c = loadConfig(configSchema, env);
  const dataDir = resolve(c.DATA_DIR);
  if (c.METRICS_API_TOKEN !== undefined && c.METRICS_API_TOKEN.length < MIN_TOKEN_LENGTH) {
    throw new ConfigError([`METRICS_API_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`]);
  }
  if (c.METRICS_ADMIN_TOKEN !== undefined) {
    if (c.METRICS_ADMIN_TOKEN.length < MIN_TOKEN_LENGTH) {
      throw new ConfigError([`METRICS_ADMIN_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`]);
    }
    if (c.METRICS_ADMIN_TOKEN === c.METRICS_API_TOKEN) {
      throw new ConfigError(['METRICS_ADMIN_TOKEN must differ from METRICS_API_TOKEN']);
    }
  }
  return {
    role,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    outputsDir: join(dataDir, 'outputs'),
    scratchDir: join(dataDir, 'scratch'),
    repoCacheDir: join(dataDir, 'repo-cache'),
    databaseUrl: c.DATABASE_URL,
    sqliteFile: join(dataDir, 'metrics.db'),
    logLevel: c.LOG_LEVEL,
    cloneShallow: c.CLONE_SHALLOW,
    pylintEnabled: c.PYLINT_ENABLED,
    skipTestFiles: c.SKIP_TEST_FILES,
    maxFileCount: c.MAX_FILE_COUNT,
    maxRepoSizeMb: c.MAX_REPO_SIZE_MB,
    githubBaseUrl: c.GITHUB_BASE_URL ?? 'https://github.com',
    pylintCommand: c.PYLINT_COMMAND,
    workerConcurrency: c.WORKER_CONCURRENCY,
    analysisThreads: c.ANALYSIS_THREADS,
    pylintJobs: c.PYLINT_JOBS,
    cloneTimeoutMs: c.CLONE_TIMEOUT_SECONDS * 1000,
    pylintTimeoutMs: c.PYLINT_TIMEOUT_SECONDS * 1000,
    pylintEnvironmentInScore: c.PYLINT_ENVIRONMENT_IN_SCORE,
    banditEnabled: c.BANDIT_ENABLED,
    banditCommand: c.BANDIT_COMMAND,
    maxFileSizeBytes: c.MAX_FILE_SIZE_KB * 1024,
    maxFileSeconds: c.MAX_FILE_SECONDS,
    sourceMaxFileBytes: c.SOURCE_MAX_FILE_KB * 1024,
    sourceMaxRunBytes: c.SOURCE_MAX_RUN_MB * 1024 * 1024,
    duplicationMinTokens: c.DUPLICATION_MIN_TOKENS,
    duplicationMinLines: c.DUPLICATION_MIN_LINES,
    cacheMaxBytes: c.CACHE_MAX_MB * 1_000_000,
    cachePyscanVersion: c.CACHE_PYSCAN_VERSION,
    repoCacheBytes: c.REPO_CACHE_MB * 1_000_000,
    leaseMs: c.LEASE_SECONDS * 1000,
    pollIntervalMs: c.POLL_INTERVAL_MS,
    maxQueuedRuns: c.MAX_QUEUED_RUNS,
    runsPerMinutePerClient: c.RUNS_PER_MINUTE_PER_CLIENT,
    apiToken: c.METRICS_API_TOKEN,
    forgeWebhookSecret: c.FORGE_WEBHOOK_SECRET,
    forgeApiUrl: (c.FORGE_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    forgeToken: c.FORGE_TOKEN,
    adminToken: c.METRICS_ADMIN_TOKEN,
  };
}
