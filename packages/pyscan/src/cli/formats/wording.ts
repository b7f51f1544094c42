// How the human-readable outputs (text, the CSV run line, SARIF messages, the gate on stderr) say
// counts and measured values. Machine fields (JSON, CSV cells, SARIF properties) keep full precision.

/** "1 file", "2 files", "1 class", "3 classes". */
export function count(
  value: number | string | boolean | null,
  singular: string,
  plural = /(s|x|ch|sh)$/.test(singular) ? `${singular}es` : `${singular}s`,
): string {
  // Summary cells are typed loosely (CSV cells); the counts in them are integers.
  const n = Number(value);
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * A measured value as a person reads it: at most two decimals (radon's `mi -s` shows two), so the
 * gate says `mi 48.19`, not `mi 48.19160490204899`; integers and letters as they are.
 */
export function shown(value: number | string): string {
  return typeof value === 'number' && !Number.isInteger(value)
    ? String(Number(value.toFixed(2)))
    : String(value);
}
