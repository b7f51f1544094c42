// Where a browser check's time and memory go (issue 32): the same 3-step journey as main.ts, in
// playwright-core directly, one at a time, under variants of what the check does per context
// (tracing with snapshots, a screenshot, the Chromium flags). Prints CPU seconds per check of this
// process and of Chromium's process group (renderers included), the wall time, and Chromium's RSS
// and PSS. Run: node --import tsx bench/monitor-browser-checks/profile.ts [--checks 40]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../services/monitor/src/engine/checks/browser/browser-pool.js';
import {
  flaggedBrowsers,
  groupCpuSeconds,
  groupPssBytes,
  groupRssBytes,
  ownerFlag,
} from '../../services/monitor/src/engine/checks/browser/chromium-processes.js';
import { startJourneySite } from '../../services/monitor/test/journeys/journey-site.js';
import { quantile } from '../monitor-capacity/stats.js';
import { loadAverage, procCpuSeconds } from '../shared/proc-stats.js';

const { values } = parseArgs({ options: { checks: { type: 'string', default: '40' } } });
const checks = Number(values.checks);
const site = await startJourneySite();
const mb = (b: number) => Math.round(b / 1048576);

const BASE = CHROMIUM_FLAGS;
const LEAN = [
  ...BASE,
  '--disable-site-isolation-trials',
  '--disable-features=IsolateOrigins,site-per-process,Translate,OptimizationHints,MediaRouter,BackForwardCache',
  '--renderer-process-limit=4',
  '--disable-extensions',
  '--mute-audio',
  '--no-default-browser-check',
  '--js-flags=--max-old-space-size=128',
];

interface Variant {
  name: string;
  /** Debian's `chromium` (new headless: the whole browser) or `chromium-headless-shell` (old headless). */
  shell?: boolean;
  args: string[];
  trace: 'snapshots' | 'plain' | 'off';
  screenshot: boolean;
}
const variants: Variant[] = [
  { name: 'shell: trace+snapshots', shell: true, args: BASE, trace: 'snapshots', screenshot: false },
  { name: 'shell: no trace', shell: true, args: BASE, trace: 'off', screenshot: false },
  { name: 'shell: lean, trace+snapshots', shell: true, args: LEAN, trace: 'snapshots', screenshot: false },
  { name: 'shell: trace + screenshot', shell: true, args: BASE, trace: 'snapshots', screenshot: true },
  { name: 'now: trace+snapshots', args: BASE, trace: 'snapshots', screenshot: false },
  { name: 'trace without snapshots', args: BASE, trace: 'plain', screenshot: false },
  { name: 'no trace', args: BASE, trace: 'off', screenshot: false },
  { name: 'no trace + screenshot', args: BASE, trace: 'off', screenshot: true },
  { name: 'lean flags, trace+snapshots', args: LEAN, trace: 'snapshots', screenshot: false },
  { name: 'lean flags, no trace', args: LEAN, trace: 'off', screenshot: false },
];

for (const v of variants) {
  const before = new Set(flaggedBrowsers().map((b) => b.pid));
  const browser = await chromium.launch({
    executablePath: v.shell ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium',
    args: [...v.args, ownerFlag()],
  });
  const pid = flaggedBrowsers().find((b) => b.ownerPid === process.pid && !before.has(b.pid))!.pid;
  const one = async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      serviceWorkers: 'block',
    });
    if (v.trace !== 'off')
      await context.tracing.start({ snapshots: v.trace === 'snapshots', screenshots: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/login`);
    await page.fill('#user', 'alice');
    if (!(await page.title()).includes('Sign in')) throw new Error('wrong title');
    if (v.screenshot) await page.screenshot({ type: 'png' });
    if (v.trace !== 'off') await context.tracing.stop();
    await context.close();
  };
  for (let i = 0; i < 3; i++) await one(); // warm-up
  const cpu0 = procCpuSeconds();
  const chrome0 = groupCpuSeconds(pid);
  const walls: number[] = [];
  let rss = 0;
  let pss = 0;
  for (let i = 0; i < checks; i++) {
    const t = performance.now();
    await one();
    walls.push(performance.now() - t);
    if (i % 10 === 9) {
      rss = Math.max(rss, groupRssBytes(pid));
      pss = Math.max(pss, groupPssBytes(pid));
    }
  }
  const node = (procCpuSeconds() - cpu0) / checks;
  const chrome = (groupCpuSeconds(pid) - chrome0) / checks;
  console.log(
    `${v.name.padEnd(30)} CPU/check ${(node + chrome).toFixed(3)} s (node ${node.toFixed(3)}, chromium ${chrome.toFixed(3)}); ` +
      `wall p50 ${Math.round(quantile(walls, 0.5))} ms p95 ${Math.round(quantile(walls, 0.95))} ms; ` +
      `chromium RSS ${mb(rss)} MB PSS ${mb(pss)} MB; loadavg ${loadAverage()}`,
  );
  await browser.close();
}
await site.close();
