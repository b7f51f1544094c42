// The import graph folded to one package level (issue 35): inside `within` (the repository when
// null), every module counts as the child of `within` it lies under, and module edges between two
// children add up to one edge. An edge or node is in a cycle when a module edge under it joins two
// modules of one import cycle (a strongly connected group).

export interface ModuleEdge {
  from: string;
  to: string;
  count: number;
}

export interface PackageNode {
  name: string;
  /** The last dotted segment (the full name at the top). */
  label: string;
  modules: number;
  /** Holds modules below it, so it can be opened. */
  package: boolean;
  inCycle: boolean;
}

export interface PackageEdge {
  from: string;
  to: string;
  /** Module edges folded into it, and their import statements. */
  edges: number;
  imports: number;
  inCycle: boolean;
}

const inside = (module: string, pkg: string | null) =>
  pkg === null || module === pkg || module.startsWith(`${pkg}.`);

/** The child of `pkg` that `module` lies under (`pkg` itself for the package's `__init__`). */
export function childOf(module: string, pkg: string | null): string {
  if (pkg === null) return module.split('.')[0] as string;
  if (module === pkg) return pkg;
  const rest = module.slice(pkg.length + 1).split('.')[0] as string;
  return `${pkg}.${rest}`;
}

export function packageGraph(
  edges: readonly ModuleEdge[],
  cycles: readonly { modules: string[] }[],
  within: string | null,
): { nodes: PackageNode[]; edges: PackageEdge[] } {
  const cycleOf = new Map<string, number>();
  cycles.forEach((c, i) => {
    for (const m of c.modules) cycleOf.set(m, i);
  });
  const modules = new Set<string>();
  for (const e of edges) {
    if (inside(e.from, within)) modules.add(e.from);
    if (inside(e.to, within)) modules.add(e.to);
  }
  const nodes = new Map<string, PackageNode>();
  for (const m of modules) {
    const name = childOf(m, within);
    const n = nodes.get(name) ?? {
      name,
      label: within === null || name === within ? name : name.slice(within.length + 1),
      modules: 0,
      package: false,
      inCycle: false,
    };
    n.modules++;
    if (m !== name) n.package = true;
    nodes.set(name, n);
  }
  const folded = new Map<string, PackageEdge>();
  for (const e of edges) {
    if (!inside(e.from, within) || !inside(e.to, within)) continue;
    const from = childOf(e.from, within);
    const to = childOf(e.to, within);
    const cyclic = cycleOf.has(e.from) && cycleOf.get(e.from) === cycleOf.get(e.to);
    if (cyclic) {
      (nodes.get(from) as PackageNode).inCycle = true;
      (nodes.get(to) as PackageNode).inCycle = true;
    }
    if (from === to) continue;
    const key = `${from}\0${to}`;
    const f = folded.get(key) ?? { from, to, edges: 0, imports: 0, inCycle: false };
    f.edges++;
    f.imports += e.count;
    f.inCycle ||= cyclic;
    folded.set(key, f);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    nodes: [...nodes.values()].sort(byName),
    edges: [...folded.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
  };
}
