// The package's version and homepage, read once from package.json (same relative place from src/ and dist/).
import { readFileSync } from 'node:fs';

interface PackageFacts {
  version: string;
  /** Null while the package has no published home page (SARIF then leaves the links out). */
  homepage: string | null;
}

let cached: PackageFacts | undefined;

export function packageFacts(): PackageFacts {
  if (cached === undefined) {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as Partial<PackageFacts>;
    cached = { version: pkg.version ?? '0.0.0', homepage: pkg.homepage ?? null };
  }
  return cached;
}
