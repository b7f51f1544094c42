import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { flaggedBrowsers, groupRssBytes, ownerFlag, reapOrphanBrowsers } from './chromium-processes.js';

export interface BrowserPoolOptions {
  /** Browser checks at once in this process (BROWSER_CONCURRENCY); more wait in a queue. */
  concurrency: number;
  /** Debian's Chromium (CHROMIUM_PATH). */
  executablePath: string;
  /** Past this resident size (browser and renderers), the browser is restarted between checks. */
  memoryCapBytes: number;
}

/** The queue's figures, for /metrics. */
export interface BrowserPoolStats {
  active: number;
  queued: number;
  /** Checks admitted so far, and the total and largest time they waited in the queue. */
  admitted: number;
  waitSecondsTotal: number;
  maxWaitSeconds: number;
  restarts: number;
}

/** Chromium's command-line flags for checks (also the baseline of bench/monitor-browser-checks/profile.ts). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

// Measuring the browser's memory reads /proc for every process: not after every check.
const MEMORY_CHECK_MS = 10_000;

/**
 * One Chromium per process, shared by the browser checks (each gets a fresh context), with at most
 * `concurrency` checks at once and a FIFO queue beyond that. The browser is started on first use,
 * started again when it crashed or disconnected, and restarted between checks once it grows past
 * the memory cap. Browsers orphaned by a previous process (kill -9) are reaped on configure.
 */
export class BrowserPool {
  private launching: Promise<Browser> | null = null;
  private pid: number | null = null;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private lastMemoryCheck = 0;
  private restartWanted = false;
  private readonly stats = { admitted: 0, waitSecondsTotal: 0, maxWaitSeconds: 0, restarts: 0 };

  constructor(readonly opts: BrowserPoolOptions) {}

  /** Whether Chromium is installed here (a probe without it reports browser checks unsupported). */
  available(): boolean {
    return existsSync(this.opts.executablePath);
  }

  /** Waits for a free slot (or `signal`); the returned function gives the slot back. */
  async admit(signal?: AbortSignal): Promise<() => void> {
    const queuedAt = performance.now();
    if (this.active >= this.opts.concurrency) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal?.reason ?? new Error('check aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(go);
      });
    }
    this.active++;
    const waited = (performance.now() - queuedAt) / 1000;
    this.stats.admitted++;
    this.stats.waitSecondsTotal += waited;
    this.stats.maxWaitSeconds = Math.max(this.stats.maxWaitSeconds, waited);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.afterCheck();
      this.waiting.shift()?.();
    };
  }

  /** The shared browser, started (again) when there is none or it went away. */
  browser(): Promise<Browser> {
    if (!this.launching) {
      this.launching = this.launch();
      this.launching.catch(() => {
        this.launching = null;
      });
    }
    return this.launching;
  }

  getStats(): BrowserPoolStats {
    return { active: this.active, queued: this.waiting.length, ...this.stats };
  }

  /** Resident memory of the browser's process group, 0 when none runs. */
  browserRssBytes(): number {
    return this.pid === null ? 0 : groupRssBytes(this.pid);
  }

  /** The browser's pid (its process group), for tests and the log. */
  browserPid(): number | null {
    return this.pid;
  }

  /** Closes the browser (shutdown). */
  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    const pid = this.pid;
    this.pid = null;
    if (launching) await (await launching.catch(() => null))?.close().catch(() => {});
    if (pid !== null) killGroup(pid);
  }

  private async launch(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    const before = new Set(flaggedBrowsers().map((b) => b.pid));
    const browser = await chromium.launch({
      executablePath: this.opts.executablePath,
      headless: true,
      args: [...CHROMIUM_FLAGS, ownerFlag()],
    });
    this.pid = flaggedBrowsers().find((b) => b.ownerPid === process.pid && !before.has(b.pid))?.pid ?? null;
    const pid = this.pid;
    browser.on('disconnected', () => {
      // A crash: the next check starts another browser; whatever is left of this one's group goes.
      if (pid !== null) killGroup(pid);
      if (this.pid === pid) {
        this.pid = null;
        this.launching = null;
      }
    });
    return browser;
  }

  private afterCheck(): void {
    const now = performance.now();
    if (!this.restartWanted && now - this.lastMemoryCheck > MEMORY_CHECK_MS && this.pid !== null) {
      this.lastMemoryCheck = now;
      this.restartWanted = this.browserRssBytes() > this.opts.memoryCapBytes;
    }
    // Restart only when no check uses the browser; the next check launches a fresh one.
    if (this.restartWanted && this.active === 0 && this.launching) {
      this.restartWanted = false;
      this.stats.restarts++;
      void this.close();
    }
  }

  /** Kills browsers left by a previous process of this service (kill -9). */
  static reapOrphans(): number[] {
    return reapOrphanBrowsers();
  }
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
}
