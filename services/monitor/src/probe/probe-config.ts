import { isIP } from 'node:net';
import { ConfigError, int, loadConfig, oneOf, str, url } from '@app/kit';
import { defaultChromiumPath } from '../config.js';
import { PROBE_TOKEN_PREFIX } from '../shared-types/probe-protocol.js';

/** The probe's whole configuration, read once from the environment (see docs/locations.md). */
export interface ProbeConfig {
  serverUrl: string;
  token: string;
  /** The local address checks connect from; undefined: the system's choice. */
  sourceAddress: string | undefined;
  spoolFile: string;
  spoolMaxBytes: number;
  batchMs: number;
  concurrency: number;
  logLevel: string;
  /** Browser checks (issue 32): at once, and Debian's Chromium (none there: the type is unsupported). */
  browserConcurrency: number;
  chromiumPath: string;
  /** A failed browser check's screenshot or trace larger than this is not kept nor sent. */
  evidenceMaxBytes: number;
}

const schema = {
  PROBE_SERVER_URL: url({ protocols: ['http', 'https'] }),
  PROBE_SOURCE_ADDRESS: str(),
  PROBE_SPOOL_FILE: str({ default: './data/probe-spool.ndjson' }),
  PROBE_SPOOL_MAX_MB: int({ default: 64, min: 1, max: 1_000_000 }),
  PROBE_BATCH_MS: int({ default: 1000, min: 10, max: 600_000 }),
  PROBE_CONCURRENCY: int({ default: 200, min: 1, max: 10_000 }),
  BROWSER_CONCURRENCY: int({ default: 2, min: 1, max: 64 }),
  CHROMIUM_PATH: str(),
  PROBE_EVIDENCE_MAX_KB: int({ default: 1024, min: 0, max: 2048 }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
};

/** Validates the environment once; every problem is named in one ConfigError. */
export function readProbeConfig(env: Record<string, string | undefined> = process.env): ProbeConfig {
  const problems: string[] = [];
  let c: ReturnType<typeof loadConfig<typeof schema>> | null = null;
  try {
    c = loadConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  if (!env.PROBE_SERVER_URL?.trim()) {
    problems.push('PROBE_SERVER_URL is required (the central instance, e.g. https://monitor.example.com)');
  }
  // The token is never echoed back in a message: only whether it has the right shape.
  const tokenValue = env.PROBE_TOKEN?.trim() ?? '';
  if (tokenValue === '') problems.push("PROBE_TOKEN is required (the location's probe token)");
  else if (!tokenValue.startsWith(PROBE_TOKEN_PREFIX) || tokenValue.length < PROBE_TOKEN_PREFIX.length + 16) {
    problems.push(
      `PROBE_TOKEN must be a probe token (${PROBE_TOKEN_PREFIX}…, shown when the location was created)`,
    );
  }
  const source = env.PROBE_SOURCE_ADDRESS?.trim() || undefined;
  if (source !== undefined && isIP(source) === 0) {
    problems.push(`PROBE_SOURCE_ADDRESS must be an IPv4 or IPv6 address of this host, got "${source}"`);
  }
  if (problems.length > 0 || !c?.PROBE_SERVER_URL) throw new ConfigError(problems);
  return {
    serverUrl: c.PROBE_SERVER_URL.replace(/\/+$/, ''),
    token: tokenValue,
    sourceAddress: source,
    spoolFile: c.PROBE_SPOOL_FILE,
    spoolMaxBytes: c.PROBE_SPOOL_MAX_MB * 1024 * 1024,
    batchMs: c.PROBE_BATCH_MS,
    concurrency: c.PROBE_CONCURRENCY,
    logLevel: c.LOG_LEVEL,
    browserConcurrency: c.BROWSER_CONCURRENCY,
    chromiumPath: c.CHROMIUM_PATH ?? defaultChromiumPath(),
    evidenceMaxBytes: c.PROBE_EVIDENCE_MAX_KB * 1024,
  };
}
