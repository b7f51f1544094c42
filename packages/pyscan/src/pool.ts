// A pool of worker threads, each with its own parser, that read and analyse files.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { failedAnalysis } from './analyze.js';
import type { FileAnalysis } from './types.js';
import type { WorkRequest, WorkResult } from './worker.js';

/** Options of createAnalyzerPool. */
export interface PoolOptions {
  /** Worker threads; defaults to the number of cores. */
  threads?: number;
}

/** Analyses files on worker threads. */
export interface AnalyzerPool {
  /** Reads absPath in a worker and analyses it; relPath is what the rows carry as `path`. */
  analyzeFile(absPath: string, relPath: string): Promise<FileAnalysis>;
  /** Stops the workers; pending requests resolve with a parse_error row. */
  close(): Promise<void>;
  readonly threads: number;
}

interface Task extends WorkRequest {
  resolve: (a: FileAnalysis) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: Task[];
}

// How many requests each worker holds at once: two hides the message round trip.
const PER_WORKER = 2;

/**
 * Workers run TypeScript: the eval'd bootstrap registers tsx's ESM loader inside the worker thread
 * (loader flags of the caller are not applied to an eval'd worker) and then imports the .ts entry.
 */
function bootstrap(entry: string): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
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

/** Starts a pool of worker threads that each load the parser once. */
export async function createAnalyzerPool(opts: PoolOptions = {}): Promise<AnalyzerPool> {
  const threads = Math.max(1, Math.floor(opts.threads ?? availableParallelism()));
  const entry = new URL('./worker.ts', import.meta.url).href;
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let closed = false;
  let nextId = 1;

  const pump = (): void => {
    for (const slot of slots) {
      while (slot.ready && slot.busy.length < PER_WORKER && queue.length > 0) {
        const task = queue.shift();
        if (!task) break;
        slot.busy.push(task);
        const req: WorkRequest = { id: task.id, absPath: task.absPath, relPath: task.relPath };
        slot.worker.postMessage(req);
      }
    }
  };

  const drainIfNoWorkers = (): void => {
    if (slots.length > 0) return;
    for (const t of queue.splice(0))
      t.resolve(failedAnalysis(t.relPath, 'no analysis worker could be started'));
  };

  const spawn = (): Promise<void> =>
    new Promise((resolveReady, rejectReady) => {
      const worker = new Worker(bootstrap(entry), { eval: true, execArgv: inheritedExecArgv() });
      const slot: Slot = { worker, ready: false, busy: [] };
      slots.push(slot);
      worker.on('message', (msg: WorkResult | { ready: true }) => {
        if ('ready' in msg) {
          slot.ready = true;
          resolveReady();
        } else {
          const k = slot.busy.findIndex((t) => t.id === msg.id);
          const [task] = slot.busy.splice(k, 1);
          task?.resolve(msg.analysis);
        }
        pump();
      });
      const fail = (why: string): void => {
        slots.splice(slots.indexOf(slot), 1);
        for (const t of slot.busy.splice(0))
          t.resolve(failedAnalysis(t.relPath, `analysis worker failed: ${why}`));
        if (!slot.ready) {
          rejectReady(new Error(`pyscan worker failed to start: ${why}`));
          return;
        }
        if (!closed) spawn().then(pump, drainIfNoWorkers);
      };
      worker.on('error', (err) => fail(err.message));
      worker.on('exit', (code) => {
        if (slots.includes(slot)) fail(`exited with code ${code}`);
      });
    });

  await Promise.all(Array.from({ length: threads }, spawn));

  return {
    threads,
    analyzeFile(absPath: string, relPath: string): Promise<FileAnalysis> {
      if (closed) return Promise.resolve(failedAnalysis(relPath, 'analyzer pool is closed'));
      return new Promise((resolve) => {
        queue.push({ id: nextId++, absPath, relPath, resolve });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const t of queue.splice(0)) t.resolve(failedAnalysis(t.relPath, 'analyzer pool is closed'));
      const all = slots.splice(0);
      for (const s of all)
        for (const t of s.busy.splice(0)) t.resolve(failedAnalysis(t.relPath, 'analyzer pool is closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
