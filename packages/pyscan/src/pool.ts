// A pool of worker threads, each with its own parser, that read and analyse files.
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { failedAnalysis } from './analyze.js';
import type { FileAnalysis } from './types.js';
import type { WorkRequest, WorkResult } from './worker.js';

/** Seconds one file may take before its worker is stopped and the file gets parse_error `timeout`. */
export const DEFAULT_MAX_FILE_SECONDS = 30;

/** Options of createAnalyzerPool. */
export interface PoolOptions {
  /** Worker threads; defaults to the number of cores. */
  threads?: number;
  /** Time budget per file in seconds (fractions allowed; Infinity for none); defaults to 30. */
  maxFileSeconds?: number;
}

/** What an analysis adds to pyscan's measures when asked. */
export interface AnalyzeOptions {
  /** Code health's per-file parts (`FileAnalysis.code_health`), from the analysis's own tokens. */
  codeHealth?: boolean;
}

/** Analyses files on worker threads. */
export interface AnalyzerPool {
  /** Reads absPath in a worker and analyses it; relPath is what the rows carry as `path`. */
  analyzeFile(absPath: string, relPath: string, opts?: AnalyzeOptions): Promise<FileAnalysis>;
  /** Analyses `source` (a file's bytes, e.g. a git blob never written to disk) as `relPath`, in a worker. */
  analyzeSource(source: Uint8Array, relPath: string): Promise<FileAnalysis>;
  /**
   * As `analyzeSource`, with the result's JSON text as the worker sent it (`JSON.stringify` of it), for
   * a caller that stores it: not written a second time.
   */
  analyzeSourceJson(source: Uint8Array, relPath: string): Promise<AnalysisJson>;
  /** Stops the workers; pending requests resolve with a parse_error row. */
  close(): Promise<void>;
  readonly threads: number;
}

/** The parse_error of a file that ran over its time budget (starts with `timeout`). */
export function timeoutError(seconds: number): string {
  return `timeout: analysis stopped after ${seconds} s`;
}

/** True for the parse_error of a file stopped by the time budget. */
export function isTimeoutError(parseError: string | null | undefined): boolean {
  return parseError?.startsWith('timeout') === true;
}

/** A result and its JSON text. */
export interface AnalysisJson {
  analysis: FileAnalysis;
  json: string;
}

interface Task extends WorkRequest {
  /** `json`: the worker's text of `a` (absent for a row the pool made itself: a timeout, a failure). */
  resolve: (a: FileAnalysis, json?: string) => void;
  /** Bytes on disk; the queue hands out the largest file first. */
  size: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: Task[];
  /** Budget timer of busy[0], the file the worker is on (it handles requests in order). */
  timer: NodeJS.Timeout | undefined;
}

// How many requests each worker holds at once: two hides the message round trip.
const PER_WORKER = 2;

// Compiled (dist/*.js) the pool starts worker.bundle.js (worker.js and its imports in one module,
// made by `npm run build`, see scripts/bundle.mjs), or worker.js when there is no bundle.
// Run from source it starts worker.ts through an eval'd bootstrap that registers tsx's ESM loader
// inside the worker thread (loader flags of the caller are not applied to an eval'd worker): that
// costs each thread a transpile of the whole analyser, which is why the CLI and the benchmarks run
// the compiled package.
const COMPILED = import.meta.url.endsWith('.js');

/** The compiled worker: next to dist/pool.js, or one folder up from the CLI's bundle (dist/cli/). */
function compiledWorker(): URL {
  const dir = import.meta.url.endsWith('/cli/main.bundle.js') ? '../' : './';
  const bundle = new URL(`${dir}worker.bundle.js`, import.meta.url);
  return existsSync(bundle) ? bundle : new URL(`${dir}worker.js`, import.meta.url);
}

function startWorker(): Worker {
  if (COMPILED) return new Worker(compiledWorker(), { execArgv: inheritedExecArgv() });
  const entry = new URL('./worker.ts', import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: inheritedExecArgv() });
}

/** The caller's Node flags minus its own tsx loader flags (the bootstrap registers tsx itself). */
function inheritedExecArgv(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const next = argv[i + 1] ?? '';
    if ((a === '--import' || a === '--require' || a === '--loader' || a === '-r') && next.includes('tsx')) {
      i++;
      continue;
    }
    if (a.includes('tsx')) continue;
    out.push(a);
  }
  return out;
}

function sizeOf(absPath: string): number {
  try {
    return statSync(absPath).size;
  } catch {
    // The worker reports the unreadable file.
    return 0;
  }
}

function budgetMs(seconds: number | undefined): number {
  const s = seconds ?? DEFAULT_MAX_FILE_SECONDS;
  if (!(s > 0)) throw new Error(`maxFileSeconds must be positive, got ${s}`);
  // setTimeout takes at most 2^31-1 ms; anything longer is no budget at all.
  return Number.isFinite(s) && s * 1000 < 2 ** 31 ? s * 1000 : Number.POSITIVE_INFINITY;
}

/** Starts a pool of worker threads that each load the parser once. */
export async function createAnalyzerPool(opts: PoolOptions = {}): Promise<AnalyzerPool> {
  const threads = Math.max(1, Math.floor(opts.threads ?? availableParallelism()));
  const limitMs = budgetMs(opts.maxFileSeconds);
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let closed = false;
  let nextId = 1;
  // Largest files first, so that the run does not end waiting on one big file picked up last by one
  // thread while the others idle. Requests made in one tick (a whole run) are sorted together.
  let unsorted = false;
  let pumpQueued = false;

  // The budget runs from when a file reaches the head of its worker's list, i.e. when the worker
  // starts it; the file queued behind it is not charged for the wait.
  const arm = (slot: Slot): void => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const head = slot.busy[0];
    if (!head || limitMs === Number.POSITIVE_INFINITY) return;
    slot.timer = setTimeout(() => overBudget(slot, head), limitMs);
    slot.timer.unref();
  };

  const pump = (): void => {
    if (unsorted) {
      queue.sort((a, b) => b.size - a.size);
      unsorted = false;
    }
    for (const slot of slots) {
      while (slot.ready && slot.busy.length < PER_WORKER && queue.length > 0) {
        const task = queue.shift();
        if (!task) break;
        slot.busy.push(task);
        if (slot.busy.length === 1) arm(slot);
        const req: WorkRequest = { id: task.id, absPath: task.absPath, relPath: task.relPath };
        if (task.source) req.source = task.source;
        if (task.codeHealth) req.codeHealth = true;
        slot.worker.postMessage(req);
      }
    }
  };

  const drainIfNoWorkers = (): void => {
    if (slots.length > 0) return;
    for (const t of queue.splice(0))
      t.resolve(failedAnalysis(t.relPath, 'no analysis worker could be started'));
  };

  const replace = (): void => {
    if (!closed) spawn().then(pump, drainIfNoWorkers);
  };

  // A synchronous analysis cannot be interrupted from inside: the worker is stopped instead, the
  // file it was on gets its row, the files waiting behind it go back to the front of the queue, and
  // a fresh worker takes the slot's place.
  const overBudget = (slot: Slot, task: Task): void => {
    if (slot.busy[0] !== task || !slots.includes(slot)) return;
    slots.splice(slots.indexOf(slot), 1);
    const [, ...waiting] = slot.busy.splice(0);
    for (const t of waiting) t.size = Number.POSITIVE_INFINITY;
    queue.unshift(...waiting);
    task.resolve(failedAnalysis(task.relPath, timeoutError(limitMs / 1000)));
    void slot.worker.terminate();
    replace();
    pump();
  };

  const spawn = (): Promise<void> =>
    new Promise((resolveReady, rejectReady) => {
      const worker = startWorker();
      const slot: Slot = { worker, ready: false, busy: [], timer: undefined };
      slots.push(slot);
      worker.on('message', (msg: WorkResult | { ready: true }) => {
        if ('ready' in msg) {
          slot.ready = true;
          resolveReady();
        } else {
          const k = slot.busy.findIndex((t) => t.id === msg.id);
          if (k < 0) return;
          const [task] = slot.busy.splice(k, 1);
          arm(slot);
          task?.resolve(JSON.parse(msg.json) as FileAnalysis, msg.json);
        }
        pump();
      });
      const fail = (why: string): void => {
        slots.splice(slots.indexOf(slot), 1);
        clearTimeout(slot.timer);
        for (const t of slot.busy.splice(0))
          t.resolve(failedAnalysis(t.relPath, `analysis worker failed: ${why}`));
        if (!slot.ready) {
          rejectReady(new Error(`pyscan worker failed to start: ${why}`));
          return;
        }
        replace();
      };
      worker.on('error', (err) => fail(err.message));
      worker.on('exit', (code) => {
        if (slots.includes(slot)) fail(`exited with code ${code}`);
      });
    });

  await Promise.all(Array.from({ length: threads }, spawn));

  const enqueueJson = (task: Omit<Task, 'id' | 'resolve'>): Promise<AnalysisJson> => {
    const made = (analysis: FileAnalysis, json?: string): AnalysisJson => ({
      analysis,
      json: json ?? JSON.stringify(analysis),
    });
    if (closed) return Promise.resolve(made(failedAnalysis(task.relPath, 'analyzer pool is closed')));
    return new Promise((resolve) => {
      queue.push({ ...task, id: nextId++, resolve: (a, json) => resolve(made(a, json)) });
      unsorted = true;
      if (!pumpQueued) {
        pumpQueued = true;
        queueMicrotask(() => {
          pumpQueued = false;
          pump();
        });
      }
    });
  };

  const enqueue = (task: Omit<Task, 'id' | 'resolve'>): Promise<FileAnalysis> =>
    enqueueJson(task).then((r) => r.analysis);

  return {
    threads,
    analyzeFile(absPath: string, relPath: string, opts: AnalyzeOptions = {}): Promise<FileAnalysis> {
      return enqueue({
        absPath,
        relPath,
        size: sizeOf(absPath),
        ...(opts.codeHealth ? { codeHealth: true } : {}),
      });
    },
    analyzeSource(source: Uint8Array, relPath: string): Promise<FileAnalysis> {
      return enqueue({ absPath: '', relPath, source, size: source.length });
    },
    analyzeSourceJson(source: Uint8Array, relPath: string): Promise<AnalysisJson> {
      return enqueueJson({ absPath: '', relPath, source, size: source.length });
    },
    async close(): Promise<void> {
      closed = true;
      for (const t of queue.splice(0)) t.resolve(failedAnalysis(t.relPath, 'analyzer pool is closed'));
      const all = slots.splice(0);
      for (const s of all) {
        clearTimeout(s.timer);
        for (const t of s.busy.splice(0)) t.resolve(failedAnalysis(t.relPath, 'analyzer pool is closed'));
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
