import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CodeHealth,
  type CodeHealthParts,
  ContractConfigError,
  codeHealthOfParts,
  codeHealthParts,
  contractsOfPyproject,
  decodeSource,
  type FileAnalysis,
} from '@app/pyscan';
import { codeHealthRepo } from '../../store/repos/code-health-repo.js';
import type { RunScope } from '../stages/run-scope.js';
import { withRequestContracts } from './request-contracts.js';

/**
 * Typing, docstrings, the import graph, its cycles and the repository's [tool.importlinter]
 * contracts and the request's over the run's files, stored with the run and returned for its summary
 * and health score. Pure measures of the files' text: a file that cannot be read is left out; a
 * contract table that cannot be used is a run warning.
 */
export async function codeHealthStep(
  run: RunScope,
  dir: string,
  files: string[],
  sameAs: number | null,
  analyses: readonly FileAnalysis[],
): Promise<CodeHealth> {
  // An identical re-run (same commit, tree, settings and files) copies the earlier run's document.
  if (sameAs !== null) {
    const earlier = await codeHealthRepo.get(run.env.deps.db, sameAs);
    if (earlier !== null) {
      await codeHealthRepo.put(run.env.deps.db, run.row.id, earlier);
      return JSON.parse(earlier) as CodeHealth;
    }
  }
  // The analysis made each file's parts from its own tokens; a file measured without them (a cache
  // entry from before, a file the analysis refused) is read and tokenized here.
  const made = new Map(analyses.flatMap((a) => (a.code_health ? [[a.file.path, a.code_health]] : [])));
  const parts: ({ path: string } & CodeHealthParts)[] = [];
  for (const path of files) {
    const own = made.get(path);
    if (own) {
      parts.push({ path, ...own });
      continue;
    }
    try {
      const decoded = decodeSource(await readFile(join(dir, path)));
      if (decoded.ok) parts.push({ path, ...codeHealthParts(decoded.text) });
    } catch {
      // A file gone or unreadable: its metrics row says so already.
    }
    run.env.signal.throwIfAborted();
  }
  let contracts: Parameters<typeof codeHealthOfParts>[1] = null;
  try {
    const text = await readFile(join(dir, 'pyproject.toml'), 'utf8').catch(() => null);
    const config = text === null ? null : contractsOfPyproject(text);
    if (config) contracts = { source: 'pyproject.toml [tool.importlinter]', config };
  } catch (e) {
    if (!(e instanceof ContractConfigError)) throw e;
    const w = `pyproject.toml [tool.importlinter]: ${e.message}: its contracts were not checked`;
    run.warnings.push(w);
    run.log.warn(w);
  }
  const t0 = Date.now();
  const health = codeHealthOfParts(parts, withRequestContracts(contracts, run.settings.contracts));
  run.log.info(
    { ms: Date.now() - t0, edges: health.imports.edges.length, reread: files.length - made.size },
    'code health done',
  );
  await codeHealthRepo.put(run.env.deps.db, run.row.id, JSON.stringify(health));
  return health;
}
