import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let computed: string | undefined;

/**
 * The version the blob cache is keyed by: pyscan's package version plus a fingerprint of its analyser
 * code (the files beside its entry point), so a changed analyser measures every blob again even when
 * nobody bumped the version. CACHE_PYSCAN_VERSION overrides it (tests; pinning across a harmless change).
 */
export function pyscanVersion(override?: string): string {
  if (override) return override;
  if (computed) return computed;
  const entry = fileURLToPath(import.meta.resolve('@app/pyscan'));
  const dir = dirname(entry);
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ts|js)$/.test(name) || name.endsWith('.d.ts')) continue;
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  }
  const pkg = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8')) as { version?: string };
  computed = `${pkg.version ?? '0'}+${hash.digest('hex').slice(0, 12)}`;
  return computed;
}
