import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { needTool } from './tools.js';

/** Debian's Chromium; `npx playwright install` cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Skip reason (or false) for browser tests; throws under CI when Chromium is missing. */
export function needChromium(): false | string {
  return needTool(CHROMIUM_PATH, ['--version']);
}

/** A headless Chromium with the flags this sandboxed, offline machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Where tests leave screenshots for people to look at (`test-artifacts/` at the repository root). */
export function artifactPath(name: string): string {
  const dir = join(new URL('../../../..', import.meta.url).pathname, 'test-artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
