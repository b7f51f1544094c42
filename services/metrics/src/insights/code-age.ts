/** The distribution's buckets: `label` holds files whose whole-month age is in [min, max). */
export const AGE_BUCKETS = [
  { label: '<1 month', min: 0, max: 1 },
  { label: '1-3 months', min: 1, max: 3 },
  { label: '3-6 months', min: 3, max: 6 },
  { label: '6-12 months', min: 6, max: 12 },
  { label: '1-2 years', min: 12, max: 24 },
  { label: '>2 years', min: 24, max: Number.POSITIVE_INFINITY },
] as const;
