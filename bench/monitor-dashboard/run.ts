// Dashboard benchmark: 2,000 monitors and 300 events/s in Chromium; prints first render and long tasks.
// Usage: node --import tsx bench/monitor-dashboard/run.ts [--monitors 2000] [--rate 300] [--seconds 10] [--groups 0] [--no-scroll]
import { launchChromium } from '@app/kit/testing';
import { ensureWebBuild } from '../../services/monitor/test/web/web-build.js';
import { startFakeApi } from './fake-api.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const monitors = arg('monitors', 2000);
const rate = arg('rate', 300);
const seconds = arg('seconds', 10);
// Monitors spread over this many groups (sections) with a tag each; 0 keeps the flat list.
const groups = arg('groups', 0);
const scroll = !process.argv.includes('--no-scroll');
const distDir = new URL('../../services/monitor/web/dist', import.meta.url).pathname;

// Runs in the page before the app (the session comes from the fake API's refresh answer): a long-task recorder, and a first-render probe
// (the moment the list shows rows and the counts show every monitor, at the next animation frame).
const initScript = `
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
  window.__firstRender = null;
  const probe = new MutationObserver(() => {
    const total = document.querySelector('[data-count="total"]');
    if (total && total.textContent === '${monitors}' && document.querySelector('[data-monitor-id]')) {
      probe.disconnect();
      requestAnimationFrame(() => { window.__firstRender = performance.now(); });
    }
  });
  document.addEventListener('DOMContentLoaded', () => probe.observe(document.body, { childList: true, subtree: true, characterData: true }));
`;

interface LongTask {
  start: number;
  duration: number;
}

async function main() {
  await ensureWebBuild();
  const api = await startFakeApi({ monitors, eventsPerSecond: rate, distDir, groups });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(initScript);
    const page = await context.newPage();
    await page.goto(api.base);
    await page.waitForFunction('window.__firstRender !== null', undefined, { timeout: 30_000 });
    const firstRender = await page.evaluate<number>('window.__firstRender');

    // Stream for a while, scrolling through the list the way a person looks for something.
    const sentBefore = api.sent();
    const streamStart = await page.evaluate<number>('performance.now()');
    if (scroll)
      await page.evaluate(`(() => {
      let dir = 1;
      window.__scroller = setInterval(() => {
        if (window.scrollY + innerHeight >= document.body.scrollHeight - 10) dir = -1;
        if (window.scrollY <= 0) dir = 1;
        window.scrollBy(0, dir * 600);
      }, 100);
    })()`);
    await page.waitForTimeout(seconds * 1000);
    await page.evaluate('clearInterval(window.__scroller)');
    const sent = api.sent() - sentBefore;
    const tasks = await page.evaluate<LongTask[]>('window.__long');
    const rows = await page.evaluate<number>("document.querySelectorAll('[data-monitor-id]').length");
    // Landmarks to place the load's long tasks: when the app's script and the monitor list arrived.
    const marks = await page.evaluate<{ name: string; end: number }[]>(
      `performance.getEntriesByType('resource')
        .filter((e) => /assets\\/index-.*\\.js$|\\/api\\/monitors$/.test(e.name))
        .map((e) => ({ name: e.name.replace(location.origin, ''), end: e.responseEnd }))`,
    );
    const during = tasks.filter((t) => t.start >= streamStart);
    const duringLoad = tasks.filter((t) => t.start < streamStart);
    const max = (ts: LongTask[]) => (ts.length ? Math.max(...ts.map((t) => t.duration)) : 0);
    const fmt = (ts: LongTask[]) =>
      ts.length ? `${max(ts).toFixed(0)} ms (${ts.length} task(s) over 50 ms)` : 'none over 50 ms';

    console.log(
      `monitors: ${monitors}${groups ? ` in ${groups} groups` : ''}, stream: ${(sent / seconds).toFixed(0)} events/s for ${seconds} s, rows in the DOM: ${rows}`,
    );
    console.log(
      `first render (navigation start → ${monitors} counted and rows painted): ${firstRender.toFixed(0)} ms`,
    );
    console.log(`longest main-thread task while loading: ${fmt(duringLoad)}`);
    if (duringLoad.length) {
      const at = duringLoad.map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`).join(', ');
      const landmarks = marks.map(
        (m) => `${m.name.replace(/-[\w-]+\.js$/, '.js')} received at ${m.end.toFixed(0)}`,
      );
      console.log(`  load tasks: ${at}; ${landmarks.join(', ')}`);
    }
    console.log(`longest main-thread task while streaming and scrolling: ${fmt(during)}`);
    console.log(
      `targets: first render < 1000 ms ${firstRender < 1000 ? 'met' : 'MISSED'}; no task > 100 ms ${max(tasks) <= 100 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await browser.close();
    await api.close();
  }
}

await main();
