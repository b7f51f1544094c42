// Worker-thread side of the analyzer pool: reads and analyses files on request.
import { parentPort } from 'node:worker_threads';
import { analyzeFileAt } from './analyze-file.js';
import { tuneV8ForAnalysis } from './v8-tuning.js';

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

const port = parentPort;
if (port) {
  tuneV8ForAnalysis();
  port.on('message', async (req: WorkRequest) => {
    const result: WorkResult = {
      id: req.id,
      json: JSON.stringify(
        await analyzeFileAt(req.absPath, req.relPath, req.source, req.codeHealth === true),
      ),
    };
    port.postMessage(result);
  });
  port.postMessage({ ready: true });
}
