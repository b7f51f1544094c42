// Import contracts given with an analysis request (issue 35), beside those of the repository's
// pyproject.toml: import-linter's [tool.importlinter] table, as JSON (the same keys and values as the
// TOML) or as the TOML text itself (a pyproject.toml's `[tool.importlinter]` tables).
import { ContractConfigError, type ContractsConfig, contractsOfPyproject, parseContracts } from '@app/pyscan';
import type { FieldError } from '../../shared-types/repo-validate.js';

/** A request's contracts take at most this many characters (as JSON or TOML text) and contracts. */
export const MAX_CONTRACTS_CHARS = 64 * 1024;
export const MAX_CONTRACTS = 100;

/** The request's contracts, validated: `config` when usable, else the field errors (none when absent). */
export function requestContracts(value: unknown): { config: ContractsConfig | null; errors: FieldError[] } {
  if (value === undefined || value === null) return { config: null, errors: [] };
  const bad = (message: string) => ({ config: null, errors: [{ field: 'contracts', message }] });
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length > MAX_CONTRACTS_CHARS) return bad(`must be at most ${MAX_CONTRACTS_CHARS} characters`);
  try {
    let config: ContractsConfig | null;
    if (typeof value === 'string') {
      config = contractsOfPyproject(value);
      if (config === null) {
        return bad('must be TOML text with a [tool.importlinter] table, or that table as a JSON object');
      }
    } else if (typeof value === 'object' && !Array.isArray(value)) {
      config = parseContracts(value);
    } else {
      return bad('must be the [tool.importlinter] table as a JSON object, or TOML text holding it');
    }
    if (config.contracts.length === 0) return bad('must hold at least one contract');
    if (config.contracts.length > MAX_CONTRACTS) return bad(`must hold at most ${MAX_CONTRACTS} contracts`);
    return { config, errors: [] };
  } catch (e) {
    if (e instanceof ContractConfigError) return bad(e.message);
    throw e;
  }
}

/** The repository's contracts and the request's, evaluated together (each keeps its name). */
export function withRequestContracts(
  repository: { source: string; config: ContractsConfig } | null,
  request: ContractsConfig | null | undefined,
): { source: string; config: ContractsConfig } | null {
  if (!request) return repository;
  if (!repository) return { source: 'the request', config: request };
  return {
    source: `${repository.source} and the request`,
    config: {
      root_packages: [...new Set([...repository.config.root_packages, ...request.root_packages])],
      contracts: [...repository.config.contracts, ...request.contracts],
    },
  };
}
