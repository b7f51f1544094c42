// Peak memory of this process while a benchmark runs, so a memory regression shows in the
// figures every run prints instead of going unseen (issue 29: 366 MB became 560-629 MB).
import { writeHeapSnapshot } from 'node:v8';

/** Peak figures in MB, and the same taken once at the end. */
export interface MemoryFigures {
  /** Highest RSS sampled (every 250 ms) between start() and stop(). */
  peak_rss_mb: number;
  /** The kernel's high-water mark of RSS over the whole process life (start-up and set-up included). */
  max_rss_mb: number;
  /** Highest V8 heap in use, and the heap V8 had reserved at that moment. */
  peak_heap_used_mb: number;
  heap_total_at_peak_mb: number;
  /** Highest heap V8 had reserved at any sample. */
  peak_heap_total_mb: number;
  /** Memory held outside the JS heap by Buffers and other C++ objects tied to JS (at peak RSS). */
  external_at_peak_mb: number;
  end: { rss_mb: number; heap_used_mb: number; heap_total_mb: number; external_mb: number };
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Samples process.memoryUsage() until stopped. */
export function sampleMemory(everyMs = 250) {
  let peakRss = 0;
  let externalAtPeak = 0;
  let peakUsed = 0;
  let totalAtPeak = 0;
  let peakTotal = 0;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) {
      peakRss = m.rss;
      externalAtPeak = m.external;
    }
    if (m.heapUsed > peakUsed) {
      peakUsed = m.heapUsed;
      totalAtPeak = m.heapTotal;
    }
    peakTotal = Math.max(peakTotal, m.heapTotal);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop(): MemoryFigures {
      clearInterval(timer);
      sample();
      const m = process.memoryUsage();
      return {
        peak_rss_mb: mb(peakRss),
        max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
        peak_heap_used_mb: mb(peakUsed),
        heap_total_at_peak_mb: mb(totalAtPeak),
        peak_heap_total_mb: mb(peakTotal),
        external_at_peak_mb: mb(externalAtPeak),
        end: {
          rss_mb: mb(m.rss),
          heap_used_mb: mb(m.heapUsed),
          heap_total_mb: mb(m.heapTotal),
          external_mb: mb(m.external),
        },
      };
    },
  };
}

/** One line for a table: peak RSS, then heap used / reserved at its peak. */
export function memoryColumns(m: MemoryFigures): string {
  const rss = `${m.peak_rss_mb} (max ${m.max_rss_mb})`;
  return `${rss.padEnd(17)}${m.peak_heap_used_mb}/${m.heap_total_at_peak_mb}`;
}

/** Writes a heap snapshot when `path` is given (to compare where the memory goes); returns its name. */
export function heapSnapshotTo(path: string | undefined): string | null {
  return path ? writeHeapSnapshot(path) : null;
}
