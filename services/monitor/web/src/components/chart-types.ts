// The line chart's data, in a file of its own: logic and tests use it without the component (JSX).
export interface ChartPoint {
  t: number;
  ms: number | null;
  up: boolean;
  /** Buckets: the checks in it, how many failed, their p95; `partial`: not rolled up yet. */
  checks?: number;
  down?: number;
  p95?: number | null;
  partial?: boolean;
  /** Single checks: what the check said. */
  error?: string | null;
  code?: number | null;
}

/** A stretch of the time axis shaded as downtime. */
export interface TimeSpan {
  from: number;
  to: number;
}
