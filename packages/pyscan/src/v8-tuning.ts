// V8 settings for pyscan's analysis code, applied by each thread that analyses (the flags are the
// process's: the last caller's values stand). PYSCAN_V8_INLINE=default leaves V8's own.
import { setFlagsFromString } from 'node:v8';

/**
 * Cheaper optimisation for runs that are short or spend much of their time warming up:
 * - a smaller inlining budget makes the optimising compiler's work cheaper (measured: about a fifth
 *   less CPU on the standard library, same steady speed);
 * - a larger interrupt budget lets a function run longer on the baseline tiers before it is
 *   optimised, so code that is hot for a few milliseconds only is not compiled (and deoptimised)
 *   for nothing: 20 files took 0.19 s of CPU with V8's default and 0.11 s with 1,000,000, and the
 *   standard library (5 MB) 0.70 s and 0.55 s (bench/pyscan-dist/README.md).
 */
export function tuneV8ForAnalysis(env: NodeJS.ProcessEnv = process.env): void {
  if (env.PYSCAN_V8_INLINE === 'default') return;
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
  setFlagsFromString('--interrupt-budget=1000000');
}
