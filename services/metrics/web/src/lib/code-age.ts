// Code age on the heatmap: the buckets of the service's distribution, drawn on a sequential scale
// (viridis, readable with colour-blindness): age is neither good nor bad, so no green-to-red here.
export const AGE_BUCKETS = [
  { label: '<1 month', below: 1, colour: '#fde725' },
  { label: '1-3 months', below: 3, colour: '#7ad151' },
  { label: '3-6 months', below: 6, colour: '#22a884' },
  { label: '6-12 months', below: 12, colour: '#2a788e' },
  { label: '1-2 years', below: 24, colour: '#414487' },
  { label: '>2 years', below: Infinity, colour: '#440154' },
] as const satisfies readonly { label: string; below: number; colour: string }[];

/** A bucket's label, as the service's code-age distribution names it. */
export type AgeBucket = (typeof AGE_BUCKETS)[number]['label'];

/** The bucket of an age in whole months. */
export function ageBucket(months: number): (typeof AGE_BUCKETS)[number] {
  return AGE_BUCKETS.find((b) => months < b.below) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]!;
}
