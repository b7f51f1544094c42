import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { needChromium, processRunning, testDatabases } from '@app/kit/testing';
import { flaggedBrowsers } from '../../src/engine/checks/browser/chromium-processes.js';
import { startHarness } from '../engine/harness.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// kill -9 of a process in the middle of a browser check leaves its Chromium running (Playwright
// starts it as a process group of its own); the next start of the service kills it (issue 32).

const skip = needChromium();

const alive = processRunning;
const [sqlite] = await testDatabases();
let site: JourneySite;
before(async () => {
  site = await startJourneySite();
});
after(() => site?.close());

test('a browser orphaned by kill -9 during a check is gone after the next start', {
  skip: skip || sqlite!.skip,
}, async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./browser-owner.ts', import.meta.url).pathname, site.url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d: string) => {
      out += d;
      const m = /browser (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the check process exited early (${code})`)));
  });
  // Mid-check: the page is waiting on the site.
  await site.reached('/hang');
  child.kill('SIGKILL');
  await once(child, 'exit');
  const orphans = flaggedBrowsers().filter((b) => b.ownerPid === child.pid);
  assert.deepEqual(
    orphans.map((b) => b.pid),
    [pid],
    'the killed process’s browser should still run before the next start (else this test proves nothing)',
  );

  const h = await startHarness(sqlite!, {}, undefined);
  try {
    assert.deepEqual(
      flaggedBrowsers().filter((b) => b.ownerPid === child.pid),
      [],
      'a browser of the killed process survived the next start',
    );
    assert.equal(alive(pid), false, `browser ${pid} still runs`);
  } finally {
    await h.stop();
  }
});
