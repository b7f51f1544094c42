import type { CheckOutcome } from './types.js';

type Extra = Partial<Omit<CheckOutcome, 'status' | 'error'>>;

/** An `up` outcome; fields not given are null. */
export function upOutcome(extra: Extra = {}): CheckOutcome {
  return {
    status: 'up',
    response_time_ms: extra.response_time_ms ?? null,
    status_code: extra.status_code ?? null,
    error: null,
    tls_days_left: extra.tls_days_left ?? null,
    warning: extra.warning ?? null,
  };
}

/** A `down` outcome carrying the reason; fields not given are null. */
export function downOutcome(error: string, extra: Extra = {}): CheckOutcome {
  return {
    status: 'down',
    response_time_ms: extra.response_time_ms ?? null,
    status_code: extra.status_code ?? null,
    error,
    tls_days_left: extra.tls_days_left ?? null,
    warning: null,
  };
}

/** Milliseconds since `start` (a performance.now() reading), rounded to a whole number. */
export function elapsedMs(start: number): number {
  return Math.round(performance.now() - start);
}
