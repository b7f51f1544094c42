// Import cycles: the strongly connected components of the graph (Tarjan), each with its size and the
// shortest cycle through it (breadth-first from every member, the shortest found, ties by name).
import type { ImportEdge } from './resolve.js';

/** One group of modules that import each other, directly or through one another. */
export interface ImportCycle {
  /** Modules in the group (its size is their number), sorted. */
  modules: string[];
  size: number;
  /** The shortest cycle in it, first module repeated at the end: `[a, b, c, a]`. */
  shortest: string[];
}

export function importCycles(edges: readonly ImportEdge[]): ImportCycle[] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    if (!adj.has(e.to)) adj.set(e.to, []);
    adj.get(e.from)!.push(e.to);
  }
  for (const list of adj.values()) list.sort();
  const comps = scc([...adj.keys()].sort(), adj);
  const out: ImportCycle[] = [];
  for (const comp of comps) {
    if (comp.length < 2) continue;
    const members = new Set(comp);
    let best: string[] | null = null;
    for (const start of [...comp].sort()) {
      const path = shortestBack(start, adj, members);
      if (path && (!best || path.length < best.length)) best = path;
    }
    out.push({ modules: [...comp].sort(), size: comp.length, shortest: best ?? [] });
  }
  return out.sort((a, b) => b.size - a.size || (a.modules[0]! < b.modules[0]! ? -1 : 1));
}

function shortestBack(start: string, adj: Map<string, string[]>, members: Set<string>): string[] | null {
  const prev = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const at = queue[q]!;
    for (const next of adj.get(at) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let x = at; x !== start; x = prev.get(x)!) path.splice(1, 0, x);
        path.push(start);
        return path;
      }
      if (!prev.has(next)) {
        prev.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

// Iterative Tarjan (deep graphs must not overflow the stack).
function scc(nodes: string[], adj: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      if (i === 0) {
        index.set(v, counter);
        low.set(v, counter);
        counter++;
        stack.push(v);
        onStack.add(v);
      }
      const next = adj.get(v) ?? [];
      if (i < next.length) {
        top[1] = i + 1;
        const w = next[i]!;
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(v)!));
      if (low.get(v) === index.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== v);
        out.push(comp);
      }
    }
  }
  return out;
}
