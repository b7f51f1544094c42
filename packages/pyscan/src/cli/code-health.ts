// The CLI's side of code health (code-health/): the measured files read again, and the contracts of
// the base folder's pyproject.toml.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CodeHealth, contractsOfPyproject, measureCodeHealth } from '../code-health/index.js';
import { decodeSource } from '../decode.js';
import { ContractConfigError } from '../import-graph/index.js';
import type { CoverageSection } from './coverage-join.js';
import type { RepoMeasures } from './thresholds.js';

export type { RepoMeasures };

import { UsageError } from './exit-codes.js';

export type { CodeHealth };

export function repoMeasures(h: CodeHealth, coverage: CoverageSection | null): RepoMeasures {
  return {
    typed: h.typed_pct,
    documented: h.doc_pct,
    cycles: h.cycles.length,
    contracts: h.contracts?.broken ?? 0,
    coverage: coverage?.line_pct ?? null,
    new_coverage: coverage?.new_code?.pct ?? null,
  };
}

/** Measures `files` (path relative to the report's base, and absolute) with `<base>/pyproject.toml`'s contracts. */
export function measureFiles(
  files: readonly { relPath: string; absPath: string }[],
  base: string,
): CodeHealth {
  const texts: { path: string; text: string }[] = [];
  for (const f of files) {
    try {
      const decoded = decodeSource(readFileSync(f.absPath));
      if (decoded.ok) texts.push({ path: f.relPath, text: decoded.text });
    } catch {
      // Unreadable: the metrics row says so (parse_error); nothing to measure here.
    }
  }
  const pyproject = join(base, 'pyproject.toml');
  let contracts = null;
  if (existsSync(pyproject)) {
    try {
      const config = contractsOfPyproject(readFileSync(pyproject, 'utf8'));
      if (config) contracts = { source: 'pyproject.toml [tool.importlinter]', config };
    } catch (e) {
      if (e instanceof ContractConfigError)
        throw new UsageError(`pyproject.toml [tool.importlinter]: ${e.message}`);
      throw e;
    }
  }
  return measureCodeHealth(texts, contracts);
}
