// Worker-thread side of the analyzer pool: reads and analyses files on request.
import { readFileSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { analyzeOrDefer, analyzeSource, failedAnalysis, MAX_SOURCE_BYTES } from './analyze.js';
import { initPyscan } from './grammar.js';
import type { FileAnalysis } from './types.js';

/** A request from the pool. */
export interface WorkRequest {
  id: number;
  absPath: string;
  relPath: string;
  /** The file's bytes, when they do not come from disk (absPath is then unused). */
  source?: Uint8Array;
  /** Add code health's per-file parts to the analysis. */
  codeHealth?: boolean;
}

/**
 * The answer to one request. The analysis travels as JSON text: cloning one string costs a
 * fraction of what the structured clone of thousands of small row objects does.
 */
export interface WorkResult {
  id: number;
  json: string;
}

// tree-sitter (a WebAssembly module to compile) is loaded on the first file the fast parser leaves
// to it, not at start: most runs never need it.
async function analyzeFile(
  absPath: string,
  relPath: string,
  source: Uint8Array | undefined,
  codeHealth: boolean,
): Promise<FileAnalysis> {
  if (source && source.length > MAX_SOURCE_BYTES) {
    return failedAnalysis(relPath, `file too large: ${source.length} bytes (limit ${MAX_SOURCE_BYTES})`);
  }
  let bytes: Uint8Array;
  if (source) bytes = source;
  else
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
  const quick = analyzeOrDefer(bytes, relPath, true, codeHealth);
  if (quick) return quick;
  try {
    await initPyscan();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return failedAnalysis(relPath, `tree-sitter failed to load: ${msg}`);
  }
  return analyzeOrDefer(bytes, relPath, false, codeHealth) ?? analyzeSource(bytes, relPath);
}

const port = parentPort;
if (port) {
  // A smaller inlining budget makes the optimising compiler's work cheaper; a worker spends much of
  // a run warming up (measured: about a fifth less CPU on the standard library, same steady speed).
  if (process.env.PYSCAN_V8_INLINE !== 'default')
    setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
  port.on('message', async (req: WorkRequest) => {
    const result: WorkResult = {
      id: req.id,
      json: JSON.stringify(await analyzeFile(req.absPath, req.relPath, req.source, req.codeHealth === true)),
    };
    port.postMessage(result);
  });
  port.postMessage({ ready: true });
}
