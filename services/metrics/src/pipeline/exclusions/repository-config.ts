// [tool.pyscan] of the analysed repository: its exclude globs and include_tests, never a failure.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PyprojectError, parsePyscanSettings } from '@app/pyscan/config';

/** What the repository's own configuration asks for; `warning` explains a file that could not be used. */
export interface RepositoryConfig {
  /** Globs from [tool.pyscan] exclude, relative to the repository root. */
  exclude: string[];
  /** [tool.pyscan] include_tests, or null when the repository does not say. */
  includeTests: boolean | null;
  /** True when a pyproject.toml with a [tool.pyscan] table was found and used. */
  found: boolean;
  warning: string | null;
}

const NONE: RepositoryConfig = { exclude: [], includeTests: null, found: false, warning: null };

/**
 * Reads `pyproject.toml` at the clone's root. A missing file or table is nothing; a malformed one
 * (bad TOML, unknown key, wrong type) is a warning on the run and the table is ignored.
 */
export async function readRepositoryConfig(cloneDir: string): Promise<RepositoryConfig> {
  let text: string;
  try {
    text = await readFile(join(cloneDir, 'pyproject.toml'), 'utf8');
  } catch {
    return NONE;
  }
  try {
    const s = parsePyscanSettings(text, 'pyproject.toml');
    if (!s) return NONE;
    return { exclude: s.exclude ?? [], includeTests: s.include_tests ?? null, found: true, warning: null };
  } catch (err) {
    const msg = err instanceof PyprojectError ? err.message : String(err);
    return { ...NONE, warning: `${msg}: [tool.pyscan] of the repository was ignored` };
  }
}
