import { setFlagsFromString } from 'node:v8';

/*
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 *
 * Why (issue 29): each check leaves a few KB in the old generation (undici's request objects and
 * the like, promoted or pretenured), which only a full collection frees: about 1 MB/s at 333
 * checks/s. V8's default factor on a machine with plenty of memory is up to 4x the live heap, so
 * 10,000 HTTP monitors (about 70 MB live) sat at 290-320 MB of heap and 430-450 MB of RSS. At 1.5x
 * the heap peaked at 140-160 MB (RSS 300-310 MB). The peak heap is this factor times the live set,
 * so the factor is the whole difference: at 1.25x (third round of issue 29, with the smaller young
 * generation of scripts/build-service.mjs) 2,000 monitors peaked at 59-60 MB of heap instead of
 * 71 and 10,000 at 99 MB instead of 118-119, 12-20 MB less RSS, with the same CPU. The cost is a
 * full collection about every 20 s at 10,000 monitors (about 20 MB of headroom at about 1 MB/s)
 * instead of every few minutes (10-25 ms pauses, marking mostly concurrent). Nothing is capped:
 * the live set is what it was, garbage is collected sooner, and the heap still grows as far as the
 * live set needs.
 */
export const HEAP_GROWING_PERCENT = 25;

/** Applies the growth factor to this process (before the service starts; V8 reads it at each collection). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
