// Import contracts in import-linter's configuration format ([tool.importlinter] of a pyproject.toml,
// or the same shape given per request): `layers`, `forbidden` and `independence`, evaluated on the
// import graph with import-linter's rule that a chain of imports breaks a contract as a direct
// import does (except a forbidden contract with `allow_indirect_imports`). Every broken contract is
// reported with the shortest chain per offending pair.
import type { ImportEdge } from './resolve.js';

export interface ContractSpec {
  name: string;
  type: 'layers' | 'forbidden' | 'independence';
  /** layers: highest first. */
  layers?: string[];
  containers?: string[];
  source_modules?: string[];
  forbidden_modules?: string[];
  modules?: string[];
  /** `importer -> imported`, `*` matching one dotted segment. */
  ignore_imports?: string[];
  allow_indirect_imports?: boolean;
}

export interface ContractsConfig {
  root_packages: string[];
  contracts: ContractSpec[];
}

/** One offending chain: `chain[0]` imports (through the rest) `chain[chain.length - 1]`. */
export interface BrokenChain {
  importer: string;
  imported: string;
  chain: string[];
  /** The line of each import in the chain, in the importing module. */
  lines: number[];
}

export interface ContractResult {
  name: string;
  type: ContractSpec['type'];
  kept: boolean;
  broken: BrokenChain[];
}

/** A contract configuration that cannot be used; `message` says which key. */
export class ContractConfigError extends Error {
  override readonly name = 'ContractConfigError';
}

const TYPES = new Set(['layers', 'forbidden', 'independence']);

const strings = (v: unknown, key: string): string[] | undefined => {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  throw new ContractConfigError(`${key} must be a list of module names`);
};

/** Validates a `[tool.importlinter]` table (parsed TOML or JSON) into a configuration. */
export function parseContracts(table: unknown): ContractsConfig {
  if (typeof table !== 'object' || table === null)
    throw new ContractConfigError('importlinter must be a table');
  const t = table as Record<string, unknown>;
  const roots = strings(t.root_packages, 'root_packages') ?? strings(t.root_package, 'root_package') ?? [];
  if (!Array.isArray(t.contracts)) throw new ContractConfigError('contracts must be a list of tables');
  const contracts = t.contracts.map((c, i): ContractSpec => {
    if (typeof c !== 'object' || c === null) throw new ContractConfigError(`contracts[${i}] must be a table`);
    const r = c as Record<string, unknown>;
    const type = r.type;
    if (typeof type !== 'string' || !TYPES.has(type)) {
      throw new ContractConfigError(`contracts[${i}].type must be layers, forbidden or independence`);
    }
    const spec: ContractSpec = {
      name: typeof r.name === 'string' ? r.name : `contract ${i + 1}`,
      type: type as ContractSpec['type'],
    };
    for (const key of [
      'layers',
      'containers',
      'source_modules',
      'forbidden_modules',
      'modules',
      'ignore_imports',
    ] as const) {
      const v = strings(r[key], `contracts[${i}].${key}`);
      if (v) spec[key] = v;
    }
    if (r.allow_indirect_imports !== undefined)
      spec.allow_indirect_imports = r.allow_indirect_imports === true || r.allow_indirect_imports === 'True';
    const need = { layers: 'layers', forbidden: 'source_modules', independence: 'modules' } as const;
    if (!spec[need[spec.type]])
      throw new ContractConfigError(`contracts[${i}] (${spec.type}) needs ${need[spec.type]}`);
    if (spec.type === 'forbidden' && !spec.forbidden_modules) {
      throw new ContractConfigError(`contracts[${i}] (forbidden) needs forbidden_modules`);
    }
    return spec;
  });
  return { root_packages: roots, contracts };
}

const within = (module: string, name: string): boolean => module === name || module.startsWith(`${name}.`);

function ignoreMatcher(patterns: readonly string[]): (from: string, to: string) => boolean {
  const rx = patterns.map((p) => {
    const [a, b] = p.split('->').map((x) => x.trim());
    const one = (s: string) =>
      new RegExp(
        `^${s
          .split('.')
          .map((seg) => (seg === '*' ? '[^.]+' : seg.replace(/[^A-Za-z0-9_]/g, '\\$&')))
          .join('\\.')}$`,
      );
    return [one(a ?? ''), one(b ?? '')] as const;
  });
  return (from, to) => rx.some(([a, b]) => a.test(from) && b.test(to));
}

/** Evaluates every contract on the graph's edges. */
export function checkContracts(edges: readonly ImportEdge[], config: ContractsConfig): ContractResult[] {
  return config.contracts.map((c) => {
    const ignored = ignoreMatcher(c.ignore_imports ?? []);
    const adj = new Map<string, ImportEdge[]>();
    for (const e of edges) {
      if (ignored(e.from, e.to)) continue;
      if (!adj.has(e.from)) adj.set(e.from, []);
      adj.get(e.from)!.push(e);
    }
    for (const list of adj.values()) list.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
    const modules = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
    const members = (name: string) => modules.filter((m) => within(m, name));
    const broken: BrokenChain[] = [];
    const check = (sources: string[], targets: string[], direct: boolean) => {
      for (const s of sources) {
        const chain = shortestChain(s, new Set(targets), adj, direct);
        if (chain) broken.push(chain);
      }
    };
    if (c.type === 'layers') {
      const containers = c.containers ?? [''];
      for (const container of containers) {
        const layers = (c.layers ?? []).map((l) => {
          const name = l.replace(/^\((.*)\)$/, '$1').trim();
          return container ? `${container}.${name}` : name;
        });
        for (let hi = 0; hi < layers.length; hi++) {
          for (let lo = hi + 1; lo < layers.length; lo++) {
            check(members(layers[lo]!), members(layers[hi]!), false);
          }
        }
      }
    } else if (c.type === 'forbidden') {
      const targets = (c.forbidden_modules ?? []).flatMap(members);
      check((c.source_modules ?? []).flatMap(members), targets, c.allow_indirect_imports === true);
    } else {
      const groups = c.modules ?? [];
      for (const a of groups) for (const b of groups) if (a !== b) check(members(a), members(b), false);
    }
    return { name: c.name, type: c.type, kept: broken.length === 0, broken: dedupe(broken) };
  });
}

// One chain per (importer, imported) pair: the shortest, then the first by name.
function dedupe(chains: BrokenChain[]): BrokenChain[] {
  const seen = new Set<string>();
  return chains.filter((c) => {
    const key = `${c.importer}\0${c.imported}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Shortest chain from `start` to any module of `targets` (direct: one import only). */
function shortestChain(
  start: string,
  targets: Set<string>,
  adj: Map<string, ImportEdge[]>,
  direct: boolean,
): BrokenChain | null {
  if (targets.has(start)) return null;
  const prev = new Map<string, ImportEdge>();
  const queue = [start];
  const seen = new Set([start]);
  for (let q = 0; q < queue.length; q++) {
    const at = queue[q]!;
    for (const e of adj.get(at) ?? []) {
      if (seen.has(e.to)) continue;
      prev.set(e.to, e);
      if (targets.has(e.to)) {
        const chain = [e.to];
        const lines: number[] = [];
        for (let x = e.to; x !== start; ) {
          const p = prev.get(x)!;
          lines.unshift(p.line);
          chain.unshift(p.from);
          x = p.from;
        }
        return { importer: start, imported: e.to, chain, lines };
      }
      seen.add(e.to);
      if (!direct) queue.push(e.to);
    }
  }
  return null;
}
