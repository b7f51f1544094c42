// Worker-thread side of the analyzer pool: reads and analyses files on request.
import { readFileSync, statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { analyzeSource, failedAnalysis, MAX_SOURCE_BYTES } from './analyze.js';
import { initPyscan } from './tree.js';
import type { FileAnalysis } from './types.js';

/** A request from the pool. */
export interface WorkRequest {
  id: number;
  absPath: string;
  relPath: string;
  /** The file's bytes, when they do not come from disk (absPath is then unused). */
  source?: Uint8Array;
}

/** The answer to one request. */
export interface WorkResult {
  id: number;
  analysis: FileAnalysis;
}

function analyzeFile(absPath: string, relPath: string, source?: Uint8Array): FileAnalysis {
  if (source) {
    if (source.length > MAX_SOURCE_BYTES) {
      return failedAnalysis(relPath, `file too large: ${source.length} bytes (limit ${MAX_SOURCE_BYTES})`);
    }
    return analyzeSource(source, relPath);
  }
  let bytes: Uint8Array;
  try {
    const size = statSync(absPath).size;
    if (size > MAX_SOURCE_BYTES) {
      return failedAnalysis(relPath, `file too large: ${size} bytes (limit ${MAX_SOURCE_BYTES})`);
    }
    bytes = readFileSync(absPath);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return failedAnalysis(relPath, `cannot read file: ${msg}`);
  }
  return analyzeSource(bytes, relPath);
}

const port = parentPort;
if (port) {
  await initPyscan();
  port.on('message', (req: WorkRequest) => {
    const result: WorkResult = { id: req.id, analysis: analyzeFile(req.absPath, req.relPath, req.source) };
    port.postMessage(result);
  });
  port.postMessage({ ready: true });
}
