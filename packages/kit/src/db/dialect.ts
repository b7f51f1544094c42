/** The two SQL engines every repository must run on. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Column types that mean the same on both engines. Times are epoch milliseconds in a 64-bit
 * integer (compact in SQLite, index-friendly in both), flags are 0/1 integers and JSON is text,
 * so repositories need no per-dialect conversions.
 */
export function columnTypes(dialect: DialectName) {
  return {
    id: dialect === 'postgres' ? ('bigserial' as const) : ('integer' as const),
    bigint: 'bigint' as const,
    int: 'integer' as const,
    text: 'text' as const,
    real: dialect === 'postgres' ? ('double precision' as const) : ('real' as const),
  };
}
