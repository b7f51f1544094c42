import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../../../', import.meta.url).pathname;
const webDir = join(root, 'services/metrics/web');
/** The built UI's entry page. */
export const WEB_INDEX = join(webDir, 'dist/index.html');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const name of readdirSync(path)) m = Math.max(m, newest(join(path, name)));
  return m;
}

/**
 * Builds the web UI when dist/ is missing or older than anything it is built from (its sources and the
 * service's shared-types it bundles), so browser tests on a fresh clone see the current UI.
 */
export function ensureWebBuild(): void {
  const sources = [
    join(webDir, 'src'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'package.json'),
    join(root, 'services/metrics/src/shared-types'),
  ];
  const built = existsSync(WEB_INDEX) ? statSync(WEB_INDEX).mtimeMs : 0;
  if (built > 0 && built >= Math.max(...sources.map(newest))) return;
  const r = spawnSync('npm', ['run', 'build', '-w', 'services/metrics/web'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
}
