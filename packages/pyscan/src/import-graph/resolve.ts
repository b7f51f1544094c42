// Imports resolved to the repository's own modules: absolute, relative, submodules named in a `from`
// import, and names an `__init__.py` re-exports from one of its modules (followed to the module that
// defines them). Whatever is not a repository module is external (third-party or standard library),
// counted apart; a relative import past the top package is unresolved.
import { type ImportStatement, readImports } from './import-statements.js';
import { type ModuleFile, moduleNames } from './module-names.js';

/** One edge: `from` imports `to` (both repository modules), first at `line`, `count` statements. */
export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  count: number;
  /** Set when `to` was reached through a package's re-export: the package named in the import. */
  via?: string;
}

/** The repository's import graph. */
export interface ImportGraph {
  modules: ModuleFile[];
  edges: ImportEdge[];
  /** External imports per top-level name (`requests`: 3 statements), over all modules. */
  external: Record<string, number>;
  /** Relative imports that leave the top package, and files the tokenizer could not read. */
  unresolved: { path: string; line: number; import: string }[];
  unreadable: string[];
}

const MAX_REEXPORT_HOPS = 10;

/** The graph of `files` (repository-relative path and decoded text). */
export function buildImportGraph(files: readonly { path: string; text: string }[]): ImportGraph {
  return importGraphOf(
    files.map((f) => ({ path: f.path, imports: readImports(f.text.replace(/\r\n?/g, '\n')) })),
  );
}

/** The graph of files whose import statements were read already (null: the file could not be read). */
export function importGraphOf(
  files: readonly { path: string; imports: ImportStatement[] | null }[],
): ImportGraph {
  const modules = moduleNames(files.map((f) => f.path));
  const byPath = new Map(modules.map((m) => [m.path, m]));
  const byName = new Map(modules.map((m) => [m.name, m]));
  const imports = new Map<string, ImportStatement[]>();
  const unreadable: string[] = [];
  for (const f of files) {
    const m = byPath.get(f.path);
    if (!m) continue;
    if (f.imports === null) unreadable.push(f.path);
    else imports.set(m.name, f.imports);
  }
  // What each package's __init__ re-exports: name → the module it came from.
  const reexports = new Map<string, Map<string, string>>();
  for (const m of modules) {
    if (!m.isPackage) continue;
    const map = new Map<string, string>();
    for (const st of imports.get(m.name) ?? []) {
      if (!st.from) continue;
      const base = absoluteBase(m, st);
      if (base === null) continue;
      for (const n of st.names) {
        if (n === '*') continue;
        if (byName.has(`${base}.${n}`)) map.set(n, `${base}.${n}`);
        else if (byName.has(base)) map.set(n, base);
      }
    }
    reexports.set(m.name, map);
  }
  const follow = (pkg: string, name: string): string | null => {
    let at = pkg;
    let hops = 0;
    let target: string | null = null;
    while (hops++ < MAX_REEXPORT_HOPS) {
      const next = reexports.get(at)?.get(name);
      if (!next || next === at) break;
      target = next;
      if (!byName.get(next)?.isPackage) break;
      at = next;
    }
    return target;
  };
  const edges = new Map<string, ImportEdge>();
  const external: Record<string, number> = {};
  const unresolved: ImportGraph['unresolved'] = [];
  const add = (from: string, to: string, line: number, via?: string) => {
    if (from === to) return;
    const key = `${from}\0${to}`;
    const e = edges.get(key);
    if (e) e.count++;
    else edges.set(key, { from, to, line, count: 1, ...(via ? { via } : {}) });
  };
  for (const m of modules) {
    for (const st of imports.get(m.name) ?? []) {
      const base = absoluteBase(m, st);
      if (base === null) {
        unresolved.push({ path: m.path, line: st.line, import: `${'.'.repeat(st.level)}${st.module}` });
        continue;
      }
      if (!st.from) {
        const own = longestModule(byName, base);
        if (own) add(m.name, own, st.line);
        else external[base.split('.')[0]!] = (external[base.split('.')[0]!] ?? 0) + 1;
        continue;
      }
      const own = longestModule(byName, base);
      if (!own) {
        if (st.level === 0) external[base.split('.')[0]!] = (external[base.split('.')[0]!] ?? 0) + 1;
        else unresolved.push({ path: m.path, line: st.line, import: `${'.'.repeat(st.level)}${st.module}` });
        continue;
      }
      for (const n of st.names) {
        const sub = `${own}.${n}`;
        if (own === base && byName.has(sub)) add(m.name, sub, st.line);
        else if (own === base && byName.get(own)?.isPackage && n !== '*') {
          const target = follow(own, n);
          if (target) add(m.name, target, st.line, own);
          else add(m.name, own, st.line);
        } else add(m.name, own, st.line);
      }
    }
  }
  return { modules, edges: [...edges.values()], external, unresolved, unreadable };
}

/** The absolute module a statement names (relative ones resolved from `m`); null past the top. */
function absoluteBase(m: ModuleFile, st: ImportStatement): string | null {
  if (st.level === 0) return st.module;
  // The package a relative import starts from: the module's own for an __init__, else its parent.
  const pkg = m.isPackage ? m.name.split('.') : m.name.split('.').slice(0, -1);
  const up = st.level - 1;
  if (up >= pkg.length) return null;
  const parts = pkg.slice(0, pkg.length - up);
  return [...parts, ...(st.module ? [st.module] : [])].join('.');
}

/** The longest prefix of `dotted` that is a repository module. */
function longestModule(byName: Map<string, ModuleFile>, dotted: string): string | null {
  const parts = dotted.split('.');
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('.');
    if (byName.has(name)) return name;
  }
  return null;
}
