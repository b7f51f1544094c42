import type { Page } from 'playwright-core';

// Runs in the page (a string: the kit is not compiled with the DOM library).
const LISTEN = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__cspViolations.push(
      e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + e.sourceFile + ':' + e.lineNumber + ')',
    ),
  );
`;

/**
 * Records what a Content-Security-Policy blocks on `page` from its first script on: the
 * `securitypolicyviolation` events, the console's CSP reports and uncaught errors (a blocked script
 * often ends in one). Call before navigating; the returned function lists what was seen so far.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  await page.addInitScript(LISTEN);
  return async () => [...seen, ...(await page.evaluate<string[]>('window.__cspViolations ?? []'))];
}
