import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const webDir = new URL('../../web/', import.meta.url).pathname;
const distIndex = join(webDir, 'dist', 'index.html');

function newestSource(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
    else newest = Math.max(newest, st.mtimeMs);
  };
  visit(join(webDir, 'src'));
  // The service's shared types, which the dashboard bundles (group roll-up, tag filter, location ids).
  visit(join(webDir, '..', 'src', 'shared-types'));
  for (const f of ['index.html', 'vite.config.ts', 'package.json']) visit(join(webDir, f));
  return newest;
}

function isFresh(): boolean {
  return existsSync(distIndex) && statSync(distIndex).mtimeMs >= newestSource();
}

/**
 * Builds the dashboard when dist is missing or older than its sources (and the shared types), so `npm test` on a fresh
 * clone tests what the sources say. Test files run in parallel: a lock directory lets one build.
 */
export async function ensureWebBuild(): Promise<void> {
  if (isFresh()) return;
  const lock = join(
    tmpdir(),
    `monitor-web-build-${Buffer.from(webDir).toString('base64url').slice(-24)}.lock`,
  );
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; a lock older than 3 minutes was left by a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (i > 600) throw new Error('timed out waiting for the dashboard build lock');
      await sleep(300);
      if (isFresh()) return;
    }
  }
  try {
    if (isFresh()) return;
    // Wherever npm put it (hoisted to the root or in the workspace): resolve it as the app would.
    const vite = join(
      dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
      'bin',
      'vite.js',
    );
    const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: webDir,
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`dashboard build failed:\n${res.stdout}\n${res.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
