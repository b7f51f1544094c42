import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The service's folder (services/monitor), where its package.json, web/dist and status-page assets
 * are. Found by walking up from this module to the package.json named @app/monitor, so it is the same
 * whether the code runs from src/ under tsx (tests) or bundled into dist/ (`npm start`), where
 * paths relative to `import.meta.url` would point elsewhere. From a bundle elsewhere in the
 * repository (a benchmark's), the repository's services/monitor.
 */
export const SERVICE_ROOT: string = (() => {
  const from = dirname(fileURLToPath(import.meta.url));
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === '@app/monitor'
    )
      return dir;
    if (existsSync(join(dir, 'services', 'monitor', 'package.json'))) return join(dir, 'services', 'monitor');
    if (dirname(dir) === dir) throw new Error(`no @app/monitor package.json above ${from}`);
  }
})();

/** A path inside the service's folder. */
export function serviceFile(...parts: string[]): string {
  return join(SERVICE_ROOT, ...parts);
}

/** The service's version (its package.json), shown as the `local` location's and sent by probes. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(serviceFile('package.json'), 'utf8')) as { version: string }
).version;
