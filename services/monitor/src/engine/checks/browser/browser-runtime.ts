import { BrowserPool, type BrowserPoolOptions } from './browser-pool.js';
import { type EvidenceOptions, EvidenceStore } from './evidence.js';

export type BrowserRuntimeOptions = BrowserPoolOptions & { evidence: EvidenceOptions };

const DEFAULTS: BrowserRuntimeOptions = {
  concurrency: 2,
  // Debian's; the service and the probe pass CHROMIUM_PATH (or config.ts's defaultChromiumPath).
  executablePath: '/usr/bin/chromium',
  memoryCapBytes: 600 * 1024 * 1024,
  evidence: { dir: null, maxBytes: 10 * 1024 * 1024, retentionDays: 7 },
};

let pool: BrowserPool | null = null;
let evidence = new EvidenceStore(DEFAULTS.evidence);
let options = DEFAULTS;
let evidencePrune: NodeJS.Timeout | undefined;

/**
 * Sets up the browser checks of this process (the composition root calls it once, from config:
 * BROWSER_CONCURRENCY, CHROMIUM_PATH, BROWSER_MEMORY_CAP_MB and the evidence settings), and reaps
 * browsers a previous process left behind. Returns the pids reaped, for the log.
 */
export function configureBrowserChecks(opts: Partial<BrowserRuntimeOptions>): number[] {
  options = { ...DEFAULTS, ...opts, evidence: { ...DEFAULTS.evidence, ...opts.evidence } };
  void pool?.close();
  pool = new BrowserPool(options);
  evidence = new EvidenceStore(options.evidence);
  // Evidence past its retention goes now and every hour after (unref'd: it keeps no process alive).
  evidence.prune();
  clearInterval(evidencePrune);
  evidencePrune = setInterval(() => evidence.prune(), 3_600_000);
  evidencePrune.unref();
  return BrowserPool.reapOrphans();
}

/** The process's browser pool (created with the defaults when nothing configured it). */
export function browserPool(): BrowserPool {
  pool ??= new BrowserPool(options);
  return pool;
}

export function evidenceStore(): EvidenceStore {
  return evidence;
}

/** Closes the browser at shutdown. */
export async function closeBrowserChecks(): Promise<void> {
  clearInterval(evidencePrune);
  await pool?.close();
}
