import type { Page } from 'playwright-core';
import type { JourneyVariables } from '../journey/variables.js';
import type { JourneyStep } from '../journey-types.js';

/** A URL pattern of a step or the blocklist: `*` matches anything, the rest literally. */
export function patternRegex(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

// An expect_url or wait_for_url value without a `*` matches a URL that contains it.
const urlMatcher = (value: string) => (value.includes('*') ? patternRegex(value) : null);
const urlMatches = (url: string, value: string) => urlMatcher(value)?.test(url) ?? url.includes(value);

const need = (v: string | null | undefined, what: string): string => {
  if (v === null || v === undefined || v === '') throw new Error(`${what} is required`);
  return v;
};

/**
 * Runs one browser step on `page`; throws with a message saying what was expected and what the page
 * showed. Actions wait up to the page's default timeout (what is left of the check's).
 */
export async function runBrowserStep(
  page: Page,
  step: JourneyStep,
  base: string,
  vars: JourneyVariables,
  onScreenshot: (png: Buffer) => void,
): Promise<void> {
  try {
    await act(page, step, base, vars, onScreenshot);
  } catch (err) {
    // Playwright's timeout says how long, and its call log (not kept) says on what: name the target.
    if ((err as Error).name === 'TimeoutError' && step.selector) {
      throw new Error(
        `${step.action} ${step.selector}: no such element was ready in time (${(err as Error).message.split('\n')[0]})`,
      );
    }
    throw err;
  }
}

async function act(
  page: Page,
  step: JourneyStep,
  base: string,
  vars: JourneyVariables,
  onScreenshot: (png: Buffer) => void,
): Promise<void> {
  const value = step.value == null ? null : vars.fill(step.value);
  const selector = step.selector ?? null;
  switch (step.action) {
    case 'goto': {
      const url = new URL(vars.fill(need(step.url ?? value, 'url')), base).href;
      const res = await page.goto(url, { waitUntil: 'load' });
      if (res && res.status() >= 400) throw new Error(`${url} answered HTTP ${res.status()}`);
      return;
    }
    case 'click':
      await page.locator(need(selector, 'selector')).first().click();
      return;
    case 'fill':
      await page
        .locator(need(selector, 'selector'))
        .first()
        .fill(value ?? '');
      return;
    case 'select':
      await page.locator(need(selector, 'selector')).first().selectOption(need(value, 'value'));
      return;
    case 'press':
      await page
        .locator(selector ?? 'body')
        .first()
        .press(need(value, 'value (the key)'));
      return;
    case 'wait_for_selector':
      await page.locator(need(selector, 'selector')).first().waitFor();
      return;
    case 'wait_for_text':
      await page.getByText(need(value, 'value (the text)')).first().waitFor();
      return;
    case 'wait_for_url': {
      const v = need(value, 'value (the URL pattern)');
      await page.waitForURL((u) => urlMatches(u.href, v));
      return;
    }
    case 'expect_text':
      return expectText(page, selector ?? 'body', need(value, 'value (the text)'));
    case 'expect_title': {
      const want = need(value, 'value (the title)');
      const title = await page.title();
      if (!title.includes(want))
        throw new Error(
          `expected the title to contain ${JSON.stringify(want)}, got ${JSON.stringify(title)}`,
        );
      return;
    }
    case 'expect_url': {
      const want = need(value, 'value (the URL pattern)');
      if (!urlMatches(page.url(), want))
        throw new Error(`expected the URL to match ${JSON.stringify(want)}, got ${page.url()}`);
      return;
    }
    case 'screenshot':
      onScreenshot(await page.screenshot({ type: 'png' }));
      return;
    default:
      throw new Error(`unknown action ${JSON.stringify(step.action)}`);
  }
}

/** Waits for `selector` to hold `text`; on timeout says what it held instead (or that it never appeared). */
async function expectText(page: Page, selector: string, text: string): Promise<void> {
  const target = page.locator(selector).first();
  try {
    await target.waitFor();
  } catch {
    throw new Error(`expected text ${JSON.stringify(text)} in ${selector}, but ${selector} never appeared`);
  }
  try {
    // An expression, evaluated in the page (the service's code has no DOM types to write it with).
    await page.waitForFunction(
      `(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '').includes(${JSON.stringify(text)})`,
    );
  } catch {
    const got = ((await target.textContent().catch(() => null)) ?? '').trim();
    const shown = got.length > 200 ? `${got.slice(0, 200)}…` : got;
    throw new Error(`expected text ${JSON.stringify(text)} in ${selector}, got ${JSON.stringify(shown)}`);
  }
}
