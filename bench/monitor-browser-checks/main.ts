// Issue 32's targets, on the machine's 2 cores, through the engine's runCheck and its shared browser
// pool (BROWSER_CONCURRENCY 2) against a loopback site:
//  1. a 3-step browser journey (open the login page, fill the user, expect the title) run alone
//     (one at a time) for its p95, then at 60 checks a minute for --minutes (default 10): p95 must
//     stay within 1.5x of alone, and RSS (this process plus Chromium's process group) under 1 GB
//     and flat (first vs last quarter of the samples);
//  2. multistep checks cost no more CPU than the same number of HTTP checks + 20 %.
// On a shared machine the wall figures follow the load: each phase also prints the CPU seconds per
// check (this process and Chromium's process group, renderers included), Chromium's PSS besides the
// RSS sum (which counts shared pages once per process), and the load average.
// Run: node --import tsx bench/monitor-browser-checks/main.ts [--minutes 10] [--chromium PATH]
// (default: config.ts's defaultChromiumPath, Debian's chromium-headless-shell when installed).
// Where the time goes per variant (tracing, screenshot, flags, which Chromium): profile.ts.
import { parseArgs } from 'node:util';
import { defaultChromiumPath } from '../../services/monitor/src/config.js';
import {
  groupCpuSeconds,
  groupPssBytes,
} from '../../services/monitor/src/engine/checks/browser/chromium-processes.js';
import {
  browserPool,
  type CheckTarget,
  closeBrowserChecks,
  closeHttpAgents,
  configureBrowserChecks,
  runCheck,
} from '../../services/monitor/src/engine/checks/index.js';
import { startJourneySite } from '../../services/monitor/test/journeys/journey-site.js';
import { quantile } from '../monitor-capacity/stats.js';
import { loadAverage, procCpuSeconds } from '../shared/proc-stats.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    alone: { type: 'string', default: '20' },
    http: { type: 'string', default: '2000' },
    chromium: { type: 'string', default: defaultChromiumPath() },
  },
});
const minutes = Number(values.minutes);
const site = await startJourneySite();
configureBrowserChecks({ concurrency: 2, executablePath: values.chromium });
const chromiumCpu = () => {
  const pid = browserPool().browserPid();
  return pid === null ? 0 : groupCpuSeconds(pid);
};
const cpuNow = () => procCpuSeconds() + chromiumCpu();
const mb = (b: number) => Math.round(b / 1048576);

const journey: CheckTarget = {
  monitor_type: 'browser',
  url: site.url,
  timeout_seconds: 20,
  steps: [
    { action: 'goto', url: '/login' },
    { action: 'fill', selector: '#user', value: 'alice' },
    { action: 'expect_title', value: 'Sign in' },
  ],
};

async function timed(t: CheckTarget): Promise<number> {
  const start = performance.now();
  const out = await runCheck(t);
  if (out.status !== 'up') throw new Error(`the journey failed: ${out.error}`);
  return performance.now() - start;
}

// 1a. alone (after one warm-up that starts the browser)
await timed(journey);
const alone: number[] = [];
const aloneCpu0 = cpuNow();
for (let i = 0; i < Number(values.alone); i++) alone.push(await timed(journey));
const cpuAlone = (cpuNow() - aloneCpu0) / alone.length;
const p95Alone = quantile(alone, 0.95);
console.log(
  `browser alone (${values.chromium}): p50 ${Math.round(quantile(alone, 0.5))} ms, p95 ${Math.round(p95Alone)} ms ` +
    `(n=${alone.length}), CPU ${cpuAlone.toFixed(3)} s/check; loadavg ${loadAverage()}`,
);

// 1b. sustained: one check a second
const durations: number[] = [];
const rss: number[] = [];
let failures = 0;
const pss: number[] = [];
const totalRss = () => process.memoryUsage().rss + browserPool().browserRssBytes();
const chromiumPss = () => {
  const pid = browserPool().browserPid();
  return pid === null ? 0 : groupPssBytes(pid);
};
const sampler = setInterval(() => {
  rss.push(totalRss());
  pss.push(process.memoryUsage().rss + chromiumPss());
}, 5000);
// A browser restarted (memory cap) is a new group: the old one's CPU is then missed (restarts are printed).
const loadCpu0 = cpuNow();
const pending: Promise<void>[] = [];
const until = Date.now() + minutes * 60_000;
for (let next = Date.now(); next < until; next += 1000) {
  await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  pending.push(
    timed(journey).then(
      (ms) => void durations.push(ms),
      () => void failures++,
    ),
  );
}
await Promise.all(pending);
const cpuLoad = (cpuNow() - loadCpu0) / Math.max(1, durations.length + failures);
clearInterval(sampler);
rss.push(totalRss());
const p95 = quantile(durations, 0.95);
const quarter = Math.max(1, Math.floor(rss.length / 4));
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const firstQ = avg(rss.slice(0, quarter));
const lastQ = avg(rss.slice(-quarter));
console.log(
  `browser: alone p95 ${Math.round(p95Alone)} ms (n=${alone.length}); at 60/min for ${minutes} min: ` +
    `${durations.length} checks, ${failures} failed, p50 ${Math.round(quantile(durations, 0.5))} ms, ` +
    `p95 ${Math.round(p95)} ms = ${(p95 / p95Alone).toFixed(2)}x alone (target <= 1.5x); ` +
    `CPU ${cpuLoad.toFixed(3)} s/check (so ${cpuLoad.toFixed(2)} of a core at one check a second); ` +
    `RSS incl. Chromium max ${mb(Math.max(...rss))} MB (target < 1024), first quarter ${mb(firstQ)} MB, ` +
    `last quarter ${mb(lastQ)} MB; PSS max ${mb(Math.max(0, ...pss))} MB; ` +
    `pool ${JSON.stringify(browserPool().getStats())}; loadavg ${loadAverage()}`,
);

// 2. multistep vs HTTP: the same number of checks of the same URL, 20 at a time, CPU seconds each
async function cpuOf(t: CheckTarget, n: number): Promise<number> {
  const start = procCpuSeconds();
  let left = n;
  const worker = async () => {
    while (left-- > 0) {
      const out = await runCheck(t);
      if (out.status !== 'up') throw new Error(`${t.monitor_type} failed: ${out.error}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return procCpuSeconds() - start;
}
const n = Number(values.http);
const http: CheckTarget = { monitor_type: 'http_get', url: `${site.url}/login`, timeout_seconds: 10 };
const multi: CheckTarget = {
  monitor_type: 'multistep',
  url: site.url,
  timeout_seconds: 10,
  steps: [{ url: '/login', assertions: [{ source: 'status', value: '200' }] }],
};
await cpuOf(http, 200); // warm-up
const httpCpu = await cpuOf(http, n);
const multiCpu = await cpuOf(multi, n);
console.log(
  `multistep vs http (${n} checks each, 1 step, loopback): http ${httpCpu.toFixed(2)} CPU s, ` +
    `multistep ${multiCpu.toFixed(2)} CPU s = ${((multiCpu / httpCpu - 1) * 100).toFixed(0)} % more (target <= 20 %); ` +
    `RSS ${mb(process.memoryUsage().rss)} MB; loadavg ${loadAverage()}`,
);
await closeBrowserChecks();
await closeHttpAgents();
await site.close();
