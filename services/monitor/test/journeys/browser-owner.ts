// A process that runs one browser check against a URL that never answers and prints the browser's
// pid once the page is loading it: the kill -9 test's victim (browser-reaping.test.ts).
import { browserPool, configureBrowserChecks, runCheck } from '../../src/engine/checks/index.js';

configureBrowserChecks({ concurrency: 1 });
void runCheck({
  monitor_type: 'browser',
  url: process.argv[2]!,
  timeout_seconds: 120,
  steps: [{ action: 'goto', url: '/hang' }],
});
const timer = setInterval(() => {
  const pid = browserPool().browserPid();
  if (pid !== null) {
    clearInterval(timer);
    process.stdout.write(`browser ${pid}\n`);
  }
}, 20);
