import type { Deadline } from './deadline.js';

/**
 * Runs one service conversation under the deadline: when it passes (or the caller aborts),
 * `destroy` tears the connection down at once and the promise rejects with the deadline's reason,
 * so a server that accepts and never answers costs exactly the timeout and leaves no socket behind.
 * `destroy` is also what the checkers call once done, success or failure; it must be idempotent.
 */
export async function underDeadline<T>(
  deadline: Deadline,
  destroy: () => void,
  work: () => Promise<T>,
): Promise<T> {
  const { signal } = deadline;
  if (signal.aborted) throw signal.reason;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
    destroy();
  }
}

/** Text of a value read back from a server, as `expected_value` is compared: NULL reads `null`. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The down message of a value that is not the one expected, cut short so a big value stays one line. */
export function mismatch(expected: string, got: string): string {
  const cut = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);
  return `expected ${JSON.stringify(cut(expected))}, got ${JSON.stringify(cut(got))}`;
}
