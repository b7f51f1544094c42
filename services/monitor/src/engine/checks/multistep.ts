import { request } from 'undici';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { httpAgent } from './http-agent.js';
import { capture, checkAssertion, type StepResponse } from './journey/step-assertions.js';
import { JourneyVariables, variablesIn } from './journey/variables.js';
import type { CheckDetails, JourneyStep, StepResult } from './journey-types.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget } from './types.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
// Assertions and captures read at most this much of each body.
const MAX_BODY_BYTES = 1024 * 1024;
const USER_AGENT = 'app-monitor/0.1 (multistep check)';
// Without assertions a step passes on any status below this (redirects are not followed: a 302 after
// a login is an answer a later step may read, with its Location and Set-Cookie).
const DEFAULT_OK_BELOW = 400;

const stepName = (step: JourneyStep, i: number) => step.name?.trim() || `step ${i + 1}`;

async function readBody(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}

/** Sends one step's request (variables filled in) and reads its answer. */
async function send(
  step: JourneyStep,
  base: string,
  vars: JourneyVariables,
  target: CheckTarget,
  deadline: Deadline,
  from: string | undefined,
): Promise<StepResponse> {
  const url = new URL(vars.fill(step.url ?? ''), base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`unsupported URL ${url.protocol}`);
  const method = (step.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const [k, v] of Object.entries(target.headers ?? {})) headers[k.toLowerCase()] = v;
  for (const [k, v] of Object.entries(step.headers ?? {})) headers[k.toLowerCase()] = vars.fill(v);
  const body = step.body == null || method === 'GET' || method === 'HEAD' ? null : vars.fill(step.body);
  if (body !== null && !('content-type' in headers)) {
    headers['content-type'] = /^\s*[[{]/.test(body)
      ? 'application/json'
      : 'application/x-www-form-urlencoded';
  }
  const start = performance.now();
  const res = await request(url, {
    dispatcher: httpAgent(!target.ignore_tls_errors, from),
    method: method as 'GET',
    headers,
    body,
    signal: deadline.signal,
    headersTimeout: deadline.timeoutMs + 1000,
    bodyTimeout: deadline.timeoutMs + 1000,
  });
  const text = method === 'HEAD' ? '' : await readBody(res.body as never);
  return {
    status: res.statusCode,
    headers: res.headers as StepResponse['headers'],
    body: text,
    durationMs: elapsedMs(start),
  };
}

/** The first failure of a step's answer (assertions, then captures), or null; captures are kept. */
function judgeStep(step: JourneyStep, res: StepResponse, vars: JourneyVariables): string | null {
  const assertions = step.assertions ?? [];
  if (assertions.length === 0 && res.status >= DEFAULT_OK_BELOW) {
    return `status failed: expected below ${DEFAULT_OK_BELOW}, got ${res.status}`;
  }
  for (const a of assertions) {
    const failure = checkAssertion(a, res, vars.fill(a.value ?? ''));
    if (failure) return failure;
  }
  for (const c of step.captures ?? []) {
    const got = capture(c, res);
    if ('error' in got) return got.error;
    vars.set(c.name, got.value, c.secret === true);
  }
  return null;
}

/**
 * Runs a multistep check: each step's request in order, its assertions, then its captures for the
 * steps after it. The first failing step ends the check (the rest are `skipped`), and the outcome's
 * error names it; every message and stored detail has the secrets masked.
 */
export async function checkMultistep(
  target: CheckTarget,
  deadline: Deadline,
  from: string | undefined,
): Promise<CheckOutcome> {
  const steps = target.steps ?? [];
  if (steps.length === 0) return downOutcome('a multistep monitor needs at least one step');
  const vars = new JourneyVariables(target);
  const results: StepResult[] = [];
  const start = performance.now();
  let failure: string | null = null;
  let lastStatus: number | null = null;
  for (const [i, step] of steps.entries()) {
    const name = stepName(step, i);
    if (failure !== null) {
      results.push({ name, status: 'skipped', duration_ms: 0 });
      continue;
    }
    const stepStart = performance.now();
    let error: string | null;
    let code: number | null = null;
    try {
      const res = await send(step, target.url ?? '', vars, target, deadline, from);
      code = res.status;
      lastStatus = res.status;
      error = judgeStep(step, res, vars);
    } catch (err) {
      error = describeError(err, deadline);
    }
    const masked = error === null ? null : vars.mask(error);
    results.push({
      name,
      status: masked === null ? 'up' : 'down',
      duration_ms: elapsedMs(stepStart),
      status_code: code,
      error: masked,
    });
    if (masked !== null) failure = `step ${i + 1} "${vars.mask(name)}": ${masked}`;
  }
  const details: CheckDetails = { steps: results };
  const extra = { response_time_ms: elapsedMs(start), status_code: lastStatus };
  const outcome = failure === null ? upOutcome(extra) : downOutcome(failure, extra);
  return { ...outcome, details };
}

/** The rules of a multistep monitor: a base URL, and steps that are requests using known variables. */
export function validateMultistep(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  let base: URL | undefined;
  try {
    base = new URL(url);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') add('url', 'must be an http or https URL');
  } catch {
    add('url', 'must be an absolute http or https URL (the base the steps’ URLs are relative to)');
  }
  const steps = target.steps ?? [];
  if (steps.length === 0) add('steps', 'a multistep monitor needs at least one step');
  const known = new Set(['auth.username', 'auth.password', 'auth.token']);
  for (const [i, step] of steps.entries()) {
    const at = `steps.${i}`;
    if (step.action || step.selector) add(`${at}.action`, 'browser actions apply to browser monitors only');
    if (!step.url) add(`${at}.url`, 'is required (absolute, or relative to the monitor’s URL)');
    else if (base && !/\{\{/.test(step.url)) {
      try {
        const u = new URL(step.url, base);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') add(`${at}.url`, 'must be http or https');
      } catch {
        add(`${at}.url`, 'is not a URL');
      }
    }
    if (step.method && !METHODS.includes(step.method.toUpperCase())) {
      add(`${at}.method`, `must be one of ${METHODS.join(', ')}`);
    }
    const texts = [step.url ?? '', step.body ?? '', ...Object.values(step.headers ?? {})];
    for (const a of step.assertions ?? []) texts.push(a.value ?? '');
    for (const name of texts.flatMap(variablesIn)) {
      if (!known.has(name)) add(at, `uses {{${name}}}, which no earlier step captures`);
    }
    for (const [j, a] of (step.assertions ?? []).entries()) {
      const needsProperty = a.source === 'header' || a.source === 'json' || a.source === 'regex';
      if (needsProperty && !a.property) add(`${at}.assertions.${j}.property`, `is required for ${a.source}`);
      if (a.source === 'regex' || a.op === 'matches') {
        try {
          new RegExp(a.source === 'regex' ? (a.property ?? '') : (a.value ?? ''));
        } catch {
          add(`${at}.assertions.${j}`, 'holds an invalid regular expression');
        }
      }
    }
    for (const c of step.captures ?? []) known.add(c.name);
  }
}

/** The `multistep` monitor type: ordered HTTP requests with assertions and captures (issue 32). */
export const multistepCheck: CheckType = {
  run: (target, { deadline, from }) => checkMultistep(target, deadline, from),
  validate: validateMultistep,
  // Monitor-level headers go with every step; `auth` (basic or bearer) only through its variables.
  service: { reads: ['steps'], headers: true, bearer: true },
};
