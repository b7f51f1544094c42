import type { StepAssertion, StepCapture } from '../journey-types.js';
import { jsonValueMatches, parseJsonPath, resolveJsonPath, showJsonValue } from '../json-path.js';
import { truncate } from './variables.js';

/** One HTTP response as the assertions and captures of a multistep step read it. */
export interface StepResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  durationMs: number;
}

/** A header's value as text (repeated headers such as set-cookie joined by newlines), or undefined. */
export function headerValue(res: StepResponse, name: string): string | undefined {
  const v = res.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join('\n') : v;
}

type Actual = { found: true; value: unknown; shown: string } | { found: false; why: string };

function jsonAt(res: StepResponse, path: string): Actual {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) return { found: false, why: `invalid JSON path: ${parsed.message}` };
  let doc: unknown;
  try {
    doc = JSON.parse(res.body);
  } catch {
    return { found: false, why: `the body is not JSON: ${JSON.stringify(truncate(res.body))}` };
  }
  const value = resolveJsonPath(doc, parsed.keys);
  if (value === undefined) return { found: false, why: `JSON path ${path} not found in the body` };
  return { found: true, value, shown: showJsonValue(value) };
}

function regexOn(res: StepResponse, pattern: string): Actual {
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    return { found: false, why: `invalid regex: ${(err as Error).message}` };
  }
  const m = re.exec(res.body);
  if (!m)
    return {
      found: false,
      why: `regex /${pattern}/ does not match the body ${JSON.stringify(truncate(res.body))}`,
    };
  const value = m[1] ?? m[0];
  return { found: true, value, shown: JSON.stringify(truncate(value)) };
}

function actualOf(a: StepAssertion, res: StepResponse): Actual {
  const prop = a.property ?? '';
  switch (a.source) {
    case 'status':
      return { found: true, value: res.status, shown: String(res.status) };
    case 'response_time':
      return { found: true, value: res.durationMs, shown: `${res.durationMs} ms` };
    case 'header': {
      const v = headerValue(res, prop);
      return v === undefined
        ? { found: false, why: `header ${prop} is missing` }
        : { found: true, value: v, shown: JSON.stringify(truncate(v)) };
    }
    case 'json':
      return jsonAt(res, prop);
    case 'regex':
      return regexOn(res, prop);
  }
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function compare(op: NonNullable<StepAssertion['op']>, actual: unknown, expected: string): boolean {
  switch (op) {
    case 'equals':
      return typeof actual === 'number' ? actual === Number(expected) : jsonValueMatches(actual, expected);
    case 'not_equals':
      return !compare('equals', actual, expected);
    case 'contains':
      return asText(actual).includes(expected);
    case 'matches':
      return new RegExp(expected).test(asText(actual));
    case 'lt':
      return Number(actual) < Number(expected);
    case 'gt':
      return Number(actual) > Number(expected);
    case 'exists':
      return true;
  }
}

/** Describes an assertion for a message: `json $.user.name equals "alice"`. */
export function describeAssertion(a: StepAssertion, expected: string): string {
  const op = a.op ?? defaultOp(a);
  const what = a.property ? `${a.source} ${a.property}` : a.source;
  return op === 'exists' ? `${what} exists` : `${what} ${op} ${JSON.stringify(expected)}`;
}

const defaultOp = (a: StepAssertion) => (a.source === 'response_time' ? 'lt' : 'equals');

/**
 * Null when the assertion holds, else the message: what was asserted, what was expected and what
 * came (values and bodies cut). `expected` is the assertion's value with its variables filled in.
 */
export function checkAssertion(a: StepAssertion, res: StepResponse, expected: string): string | null {
  const op = a.op ?? defaultOp(a);
  const actual = actualOf(a, res);
  const described = describeAssertion(a, expected);
  if (!actual.found) return `${described} failed: ${actual.why}`;
  let ok: boolean;
  try {
    ok = compare(op, actual.value, expected);
  } catch (err) {
    return `${described} failed: ${(err as Error).message}`;
  }
  return ok ? null : `${described} failed: got ${actual.shown}`;
}

/** The captured value, or a message saying why nothing could be captured. */
export function capture(c: StepCapture, res: StepResponse): { value: string } | { error: string } {
  const actual: Actual =
    c.source === 'header'
      ? ((v) =>
          v === undefined
            ? { found: false as const, why: `header ${c.property} is missing` }
            : { found: true as const, value: v, shown: '' })(headerValue(res, c.property))
      : c.source === 'json'
        ? jsonAt(res, c.property)
        : regexOn(res, c.property);
  if (!actual.found) return { error: `capture {{${c.name}}} failed: ${actual.why}` };
  return { value: asText(actual.value) };
}
