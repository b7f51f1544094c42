// One file read and analysed, as the pool's workers do it and as the CLI does it on its own thread
// for a small input (cli/run-pool.ts).
import { readFileSync, statSync } from 'node:fs';
import { analyzeOrDefer, analyzeSource, failedAnalysis, MAX_SOURCE_BYTES } from './analyze.js';
import { initPyscan } from './grammar.js';
import type { FileAnalysis } from './types.js';

// tree-sitter (a WebAssembly module to compile) is loaded on the first file the fast parser leaves
// to it, not at start: most runs never need it.
export async function analyzeFileAt(
  absPath: string,
  relPath: string,
  source?: Uint8Array,
  /** Also the typing, docstring and import parts (the metrics service's code health), from the same tokens. */
  codeHealth = false,
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
