// Where the dashboard's main-thread time goes: a CPU profile of the load and of 5 s of streaming with
// scrolling, summed by function (self time). Usage: node --import tsx bench/monitor-dashboard/profile.ts
import { launchChromium } from '@app/kit/testing';
import { ensureWebBuild } from '../../services/monitor/test/web/web-build.js';
import { startFakeApi } from './fake-api.js';

const distDir = new URL('../../services/monitor/web/dist', import.meta.url).pathname;
await ensureWebBuild();
const api = await startFakeApi({ monitors: 2000, eventsPerSecond: 300, distDir });
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(api.base);
await page.waitForTimeout(2500);
const { profile: p1 } = await cdp.send('Profiler.stop');
await cdp.send('Profiler.start');
await page.evaluate(`setInterval(() => window.scrollBy(0, 600), 100)`);
await page.waitForTimeout(5000);
const { profile } = await cdp.send('Profiler.stop');
for (const [label, prof] of [
  ['load', p1],
  ['stream', profile],
] as const) {
  const self = new Map<string, number>();
  const dt = prof.timeDeltas ?? [];
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  (prof.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(`== ${label}`);
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18);
  for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), k);
}
await browser.close();
await api.close();
