import { HttpProblem } from '../errors/problem.js';

/**
 * Turns optional ISO `from`/`to` query values (already format-checked by the schema) into epoch
 * milliseconds, refusing a range that ends before it starts with the usual 422 body.
 */
export function parseTimeRange(from?: string, to?: string): { from?: number; to?: number } {
  const f = from === undefined ? undefined : Date.parse(from);
  const t = to === undefined ? undefined : Date.parse(to);
  if (f !== undefined && t !== undefined && f > t) {
    throw new HttpProblem(422, 'validation_failed', 'Validation failed', 'from must not be after to.', [
      { path: 'from', message: 'must not be after to' },
    ]);
  }
  return { ...(f !== undefined && { from: f }), ...(t !== undefined && { to: t }) };
}

/** A `Link: <path?query>; rel="next"` value carrying the current query with the page cursor replaced. */
export function nextLink(path: string, query: object, cursor: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...cursor })) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  return `<${path}?${params}>; rel="next"`;
}
