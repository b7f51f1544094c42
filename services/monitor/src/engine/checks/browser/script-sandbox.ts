import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Deadline } from '../deadline.js';
import type { JourneyVariables } from '../journey/variables.js';
import type { CheckDetails } from '../journey-types.js';
import type { CheckTarget } from '../types.js';
import { evidenceStore } from './browser-runtime.js';
import { patternRegex } from './browser-steps.js';
import { CHILD_PROGRAM } from './sandbox-child.js';

/**
 * Browser scripts (issue 32) are code an admin wrote, run on every check: they must not reach Node's
 * modules, files, environment or network. node:vm is no boundary (a script climbs out through any
 * object's constructor), so the script runs in an isolated-vm isolate (a V8 isolate of its own,
 * with nothing of Node in it), and that isolate lives in a child process: isolated-vm needs
 * `--no-node-snapshot` on Node 20, a crash or a runaway script takes the child down and not the
 * service, and a deadline ends it with a kill. The child can only ask the parent to call one of
 * the page methods below with text arguments; the parent owns the page and checks each call.
 */
type PageCall = (page: Page, args: unknown[], base: string) => Promise<unknown>;

const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string') throw new Error(`${what} must be text`);
  return v;
};

const METHODS: Record<string, PageCall> = {
  goto: async (page, [url], base) => {
    const href = new URL(str(url, 'url'), base).href;
    const res = await page.goto(href, { waitUntil: 'load' });
    if (res && res.status() >= 400) throw new Error(`${href} answered HTTP ${res.status()}`);
    return res?.status() ?? null;
  },
  click: (page, [s]) => page.locator(str(s, 'selector')).first().click(),
  fill: (page, [s, v]) => page.locator(str(s, 'selector')).first().fill(str(v, 'value')),
  selectOption: (page, [s, v]) =>
    page
      .locator(str(s, 'selector'))
      .first()
      .selectOption(str(v, 'value'))
      .then(() => undefined),
  press: (page, [s, k]) => page.locator(str(s, 'selector')).first().press(str(k, 'key')),
  waitForSelector: (page, [s]) => page.locator(str(s, 'selector')).first().waitFor(),
  waitForURL: (page, [p]) => {
    const pattern = str(p, 'pattern');
    const re = pattern.includes('*') ? patternRegex(pattern) : null;
    return page.waitForURL((u) => (re ? re.test(u.href) : u.href.includes(pattern)));
  },
  textContent: (page, [s]) => page.locator(str(s, 'selector')).first().textContent(),
  isVisible: (page, [s]) => page.locator(str(s, 'selector')).first().isVisible(),
  title: (page) => page.title(),
  url: async (page) => page.url(),
  screenshot: async (page) => {
    evidenceStore().save(await page.screenshot({ type: 'png' }), 'png');
    return null;
  },
};

/** The methods a script's `page` has (docs/browser-checks.md lists them). */
export const SCRIPT_PAGE_METHODS = Object.keys(METHODS);

let ivmPath: string | undefined;
const isolatedVmPath = () => {
  ivmPath ??= createRequire(import.meta.url).resolve('isolated-vm');
  return ivmPath;
};

interface ChildMessage {
  type: 'call' | 'done';
  id?: number;
  method?: string;
  args?: unknown[];
  error?: string;
}

/**
 * Runs `target.script` against `page`; null when it completed, else the failure (secrets masked).
 * Each page call it made is one entry of `details.steps`, so a script's result reads like steps'.
 */
export function runSandboxedScript(
  page: Page,
  target: CheckTarget,
  vars: JourneyVariables,
  details: CheckDetails,
  deadline: Deadline,
): Promise<string | null> {
  const child = spawn(process.execPath, ['--no-node-snapshot', '-e', CHILD_PROGRAM, isolatedVmPath()], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Nothing of the service's environment (secrets, database URL) reaches the child.
    env: {},
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 2000) stderr += d.toString();
  });
  return new Promise<string | null>((resolve) => {
    let settled = false;
    const finish = (failure: string | null) => {
      if (settled) return;
      settled = true;
      deadline.signal.removeEventListener('abort', onAbort);
      child.kill('SIGKILL');
      resolve(failure === null ? null : vars.mask(failure));
    };
    const onAbort = () => finish(`script stopped: ${deadline.reason()}`);
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => finish(`could not start the script sandbox: ${err.message}`));
    child.on('exit', (code, sig) =>
      finish(`the script sandbox exited (${sig ?? code})${stderr ? `: ${stderr.split('\n')[0]}` : ''}`),
    );
    child.on('message', (raw) => {
      const msg = raw as ChildMessage;
      if (msg.type === 'done') return finish(msg.error === undefined ? null : `script failed: ${msg.error}`);
      if (msg.type !== 'call' || msg.id === undefined) return;
      const name = `${msg.method}(${(msg.args ?? []).map((a) => JSON.stringify(a)).join(', ')})`;
      const call = Object.hasOwn(METHODS, msg.method ?? '') ? METHODS[msg.method!] : undefined;
      const start = performance.now();
      const reply = (value: unknown, error?: string) => {
        details.steps.push({
          name: vars.mask(name).slice(0, 200),
          status: error === undefined ? 'up' : 'down',
          duration_ms: Math.round(performance.now() - start),
          ...(error !== undefined && { error: vars.mask(error) }),
        });
        if (!settled)
          child.send({ type: 'result', id: msg.id, value, ...(error !== undefined && { error }) });
      };
      if (!call) return reply(null, `page.${msg.method} is not available to scripts`);
      call(page, msg.args ?? [], target.url ?? '').then(
        (v) => reply(v ?? null),
        (err: unknown) => reply(null, (err instanceof Error ? err.message : String(err)).split('\n')[0]),
      );
    });
    const values: Record<string, string> = {};
    for (const k of ['auth.username', 'auth.password', 'auth.token']) {
      try {
        values[k.slice(5)] = vars.fill(`{{${k}}}`);
      } catch {
        // that credential is not set
      }
    }
    child.send({
      type: 'run',
      script: target.script,
      timeoutMs: Math.max(100, deadline.timeoutMs),
      vars: values,
    });
  });
}
