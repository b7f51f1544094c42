import assert from 'node:assert/strict';
import type { RawResponse } from './raw-http.js';

/** Asserts the headers every answer of both services carries, pages and problems alike. */
export function assertSecurityHeaders(
  headers: Record<string, string | null | undefined>,
  what: string,
): void {
  const csp = headers['content-security-policy'] ?? '';
  assert.match(csp, /frame-ancestors 'none'/, `${what}: ${csp}`);
  assert.match(csp, /script-src 'self'(;|$)/, `${what}: ${csp}`);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|upgrade-insecure-requests/, `${what}: ${csp}`);
  assert.equal(headers['referrer-policy'], 'no-referrer', what);
  assert.equal(headers['x-content-type-options'], 'nosniff', what);
}

/** Asserts a raw answer is the catalogue's problem+json for `code`, with the security headers. */
export function assertProblem(res: RawResponse, status: number, code: string): void {
  assert.equal(res.status, status, res.body);
  assert.match(res.headers['content-type'] ?? '', /^application\/problem\+json(;|$)/);
  const body = JSON.parse(res.body);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.type, `/docs/problems#${code}`);
  assertSecurityHeaders(res.headers, `${status} ${code}`);
}
