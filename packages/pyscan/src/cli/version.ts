// The package's version and homepage, read once from package.json (same relative place from src/ and dist/).
import { readFileSync } from 'node:fs';

interface PackageFacts {
  version: string;
  homepage: string;
}

let cached: PackageFacts | undefined;

export function packageFacts(): PackageFacts {
  if (cached === undefined) {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as Partial<PackageFacts>;
    cached = { version: pkg.version ?? '0.0.0', homepage: pkg.homepage ?? 'https://pypi.org/project/radon/' };
  }
  return cached;
}
