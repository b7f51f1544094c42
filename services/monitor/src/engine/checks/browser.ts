import type { BrowserContext, Page } from 'playwright-core';
import { browserPool, evidenceStore } from './browser/browser-runtime.js';
import { patternRegex, runBrowserStep } from './browser/browser-steps.js';
import { runSandboxedScript } from './browser/script-sandbox.js';
import type { CheckType } from './check-type.js';
import { type Deadline, raceAbort } from './deadline.js';
import { JourneyVariables, truncate } from './journey/variables.js';
import { BROWSER_ACTIONS, type BrowserAction, type CheckDetails } from './journey-types.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget } from './types.js';

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
// Kept back from the check's timeout for the screenshot and trace of a failure.
const EVIDENCE_RESERVE_MS = 1500;
// Console lines and failed requests kept per check.
const MAX_NOTES = 20;

export function parseViewport(text: string | null | undefined): { width: number; height: number } | null {
  if (!text) return DEFAULT_VIEWPORT;
  const m = /^(\d{2,4})x(\d{2,4})$/.exec(text);
  if (!m) return null;
  const [width, height] = [Number(m[1]), Number(m[2])];
  return width >= 100 && height >= 100 ? { width, height } : null;
}

/** What the page did besides the steps: console errors and failed requests, secrets masked. */
function watch(page: Page, vars: JourneyVariables, details: CheckDetails): void {
  const note = (list: string[], text: string) => {
    if (list.length < MAX_NOTES) list.push(truncate(vars.mask(text), 500));
  };
  details.console_errors = [];
  details.failed_requests = [];
  page.on('console', (m) => {
    // Chromium also logs each failed load as a console error: those are in failed_requests already.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource:')) {
      note(details.console_errors!, m.text());
    }
  });
  page.on('pageerror', (err) => note(details.console_errors!, err.message));
  page.on('requestfailed', (r) =>
    note(details.failed_requests!, `${r.method()} ${r.url()}: ${r.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400)
      note(details.failed_requests!, `${r.request().method()} ${r.url()}: HTTP ${r.status()}`);
  });
}

/** Runs the steps in order; the first failure ends the journey (the rest are skipped). */
async function runSteps(
  page: Page,
  target: CheckTarget,
  vars: JourneyVariables,
  details: CheckDetails,
  deadline: Deadline,
  stepTimeout: () => number,
): Promise<string | null> {
  let failure: string | null = null;
  for (const [i, step] of (target.steps ?? []).entries()) {
    const name = step.name?.trim() || `step ${i + 1} (${step.action})`;
    if (failure !== null) {
      details.steps.push({ name, status: 'skipped', duration_ms: 0 });
      continue;
    }
    const start = performance.now();
    let error: string | null = null;
    // Each step may wait for what is left of the check's time, less the evidence's reserve.
    page.setDefaultTimeout(stepTimeout());
    try {
      await runBrowserStep(page, step, target.url ?? '', vars, (png) => {
        details.screenshot = evidenceStore().save(png, 'png');
      });
    } catch (err) {
      // The deadline closes the context: the step then fails with "closed", and the reason is the time.
      error = deadline.signal.aborted ? deadline.reason() : vars.mask(firstLine(err));
    }
    details.steps.push({ name, status: error ? 'down' : 'up', duration_ms: elapsedMs(start), error });
    if (error) failure = `step ${i + 1} "${vars.mask(name)}": ${error}`;
  }
  return failure;
}

// Playwright's messages carry a call log after the first lines: the first says what went wrong.
function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.replace(/^(locator|page)\.\w+: /, '');
}

/** Keeps a screenshot and the trace of a failed check, when evidence is kept and fits the cap. */
async function keepEvidence(page: Page, context: BrowserContext, details: CheckDetails): Promise<void> {
  const store = evidenceStore();
  const png = await page.screenshot({ type: 'png', timeout: EVIDENCE_RESERVE_MS }).catch(() => null);
  if (png) details.screenshot = store.save(png, 'png') ?? details.screenshot ?? null;
  const trace = store.newPath('zip');
  if (!trace) return;
  const saved = await context.tracing.stop({ path: trace.path }).then(
    () => store.capped(trace.path),
    () => false,
  );
  details.trace = saved ? trace.name : null;
}

/** Runs a browser check: a fresh context, the steps or the script, evidence on failure. */
export async function checkBrowser(target: CheckTarget, deadline: Deadline): Promise<CheckOutcome> {
  const pool = browserPool();
  if (!pool.available()) {
    return downOutcome(`browser checks are unsupported here: no Chromium at ${pool.opts.executablePath}`);
  }
  const viewport = parseViewport(target.viewport);
  if (!viewport) return downOutcome(`invalid viewport "${target.viewport}": use WIDTHxHEIGHT`);
  const vars = new JourneyVariables(target);
  const started = performance.now();
  let context: BrowserContext;
  try {
    const browser = await raceAbort(pool.browser(), deadline.signal);
    context = await browser.newContext({
      viewport,
      ignoreHTTPSErrors: target.ignore_tls_errors === true,
      ...(target.headers && { extraHTTPHeaders: target.headers }),
      serviceWorkers: 'block',
    });
  } catch (err) {
    return downOutcome(`could not start the browser: ${firstLine(err)}`);
  }
  const onAbort = () => void context.close().catch(() => {});
  deadline.signal.addEventListener('abort', onAbort, { once: true });
  const details: CheckDetails = { steps: [] };
  try {
    await context.tracing.start({ snapshots: true, screenshots: false });
    const blocked = (target.blocklist ?? []).map(patternRegex);
    if (blocked.length > 0) {
      await context.route(
        (url) => blocked.some((re) => re.test(url.href)),
        (route) => route.abort('blockedbyclient'),
      );
    }
    const page = await context.newPage();
    const stepTimeout = () => Math.max(200, deadline.timeoutMs - elapsedMs(started) - EVIDENCE_RESERVE_MS);
    page.setDefaultTimeout(stepTimeout());
    watch(page, vars, details);
    const failure = target.script
      ? await runSandboxedScript(page, target, vars, details, deadline)
      : await runSteps(page, target, vars, details, deadline, stepTimeout);
    details.final_url = vars.mask(page.url());
    const extra = { response_time_ms: elapsedMs(started) };
    if (failure === null) {
      await context.tracing.stop().catch(() => {});
      return { ...upOutcome(extra), details };
    }
    if (!deadline.signal.aborted) await keepEvidence(page, context, details);
    return { ...downOutcome(failure, extra), details };
  } catch (err) {
    const why = deadline.signal.aborted ? deadline.reason() : vars.mask(firstLine(err));
    return { ...downOutcome(`browser check failed: ${why}`), details };
  } finally {
    deadline.signal.removeEventListener('abort', onAbort);
    await context.close().catch(() => {});
  }
}

/** The rules of a browser monitor: a start URL, and steps or a script (not both). */
function validateBrowser(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') add('url', 'must be an http or https URL');
  } catch {
    add('url', 'must be an absolute http or https URL (the page the journey starts from)');
  }
  const steps = target.steps ?? [];
  if (target.script && steps.length > 0) add('script', 'a browser monitor has steps or a script, not both');
  if (!target.script && steps.length === 0) add('steps', 'a browser monitor needs steps or a script');
  if (parseViewport(target.viewport) === null) add('viewport', 'must be WIDTHxHEIGHT, each at least 100');
  for (const [i, step] of steps.entries()) {
    const at = `steps.${i}`;
    if (!step.action || !BROWSER_ACTIONS.includes(step.action as BrowserAction)) {
      add(`${at}.action`, `must be one of ${BROWSER_ACTIONS.join(', ')}`);
      continue;
    }
    if (step.method || step.assertions || step.captures)
      add(at, 'request fields apply to multistep monitors only');
    const needsSelector = ['click', 'fill', 'select', 'wait_for_selector'].includes(step.action);
    if (needsSelector && !step.selector) add(`${at}.selector`, `is required for ${step.action}`);
    if (step.action === 'goto' && !step.url && !step.value) add(`${at}.url`, 'is required for goto');
    const needsValue = [
      'select',
      'press',
      'wait_for_text',
      'wait_for_url',
      'expect_text',
      'expect_title',
      'expect_url',
    ];
    if (needsValue.includes(step.action) && !step.value) add(`${at}.value`, `is required for ${step.action}`);
  }
}

/** The `browser` monitor type: a journey in Debian's Chromium (issue 32, docs/browser-checks.md). */
export const browserCheck: CheckType = {
  run: (target, { deadline }) => checkBrowser(target, deadline),
  validate: validateBrowser,
  library: () => import('playwright-core'),
  admit: (signal) => browserPool().admit(signal),
  service: { reads: ['steps', 'script', 'viewport', 'blocklist'], headers: true, bearer: true },
};
