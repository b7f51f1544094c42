import { createHash } from 'node:crypto';
import { type ImportStatement, moduleNames } from '@app/pyscan';

/** One Python file of the commit's tree: its path and blob id (the content's hash). */
export interface TreePyFile {
  path: string;
  oid: string;
}

const dirOf = (p: string): string => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/**
 * The key of each linted file's pylint result (the per-file pylint cache): the configuration's hash,
 * the file's path and content, the import roots, and the path and content of every repository module
 * the file imports **transitively** (each package `__init__.py` on the way included), plus the names
 * it imports that no repository module has (so a module added under such a name invalidates it). A
 * change to a module thus invalidates every file that imports it, directly or through others: pylint
 * infers through chains of imports (`from b import X` where b re-exports c's X).
 *
 * Conservative where it cannot know: a dotted name matches every repository module of that name (all
 * import roots), a `from m import n` counts `m.n` as a possible submodule, and a file whose imports
 * cannot be read (`importsOf` gives null) depends on every Python file of the tree. Not seen: imports
 * built at run time (`importlib`, `__import__` of a string) and installed packages, as for the
 * per-tree key.
 */
export function pylintFileKeys(
  config: string,
  linted: readonly string[],
  tree: readonly TreePyFile[],
  importsOf: (file: TreePyFile) => ImportStatement[] | null,
): Map<string, string> {
  const oidOf = new Map(tree.map((f) => [f.path, f.oid]));
  const modules = moduleNames(tree.map((f) => f.path));
  const byName = new Map<string, string[]>();
  for (const m of modules) byName.set(m.name, [...(byName.get(m.name) ?? []), m.path]);
  const moduleOf = new Map(modules.map((m) => [m.path, m]));
  // pylint puts each checked file's import root on sys.path: which roots there are shapes resolution.
  const roots = new Set<string>();
  for (const path of linted) {
    const m = moduleOf.get(path);
    if (!m) roots.add(dirOf(path));
    else roots.add(path.slice(0, path.length - (m.name.replace(/\./g, '/').length + (m.isPackage ? 12 : 3))));
  }
  const head = `${config}\0${[...roots].sort().join('\n')}\0`;
  const direct = new Map<string, string[]>();
  const depsOf = (path: string): string[] => {
    let deps = direct.get(path);
    if (deps) return deps;
    const oid = oidOf.get(path);
    const imports = oid === undefined ? [] : importsOf({ path, oid });
    deps = imports === null ? [...oidOf.keys()] : resolve(moduleOf.get(path), imports, byName);
    direct.set(path, deps);
    return deps;
  };
  const keys = new Map<string, string>();
  for (const path of linted) {
    const seen = new Set<string>([path]);
    const stack = [path];
    while (stack.length > 0) {
      for (const d of depsOf(stack.pop()!)) {
        if (seen.has(d)) continue;
        seen.add(d);
        if (!d.startsWith('?')) stack.push(d);
      }
    }
    const h = createHash('sha256')
      .update(head)
      .update(`${path}\0${oidOf.get(path) ?? ''}\0`);
    for (const d of [...seen].sort()) {
      if (d !== path) h.update(d.startsWith('?') ? `${d}\0` : `${d}\0${oidOf.get(d) ?? ''}\0`);
    }
    keys.set(path, h.digest('hex'));
  }
  return keys;
}

/**
 * The direct dependencies of one file: the repository modules its imports may name (paths) and the
 * names no module has (`?name`), with the `__init__.py` of its own packages.
 */
function resolve(
  self: { name: string; isPackage: boolean } | undefined,
  imports: readonly ImportStatement[],
  byName: Map<string, string[]>,
): string[] {
  const out = new Set<string>();
  const selfPackage = self ? self.name.split('.').slice(0, self.isPackage ? undefined : -1) : null;
  const add = (dotted: string): void => {
    const parts = dotted.split('.');
    for (let i = 1; i <= parts.length; i++) {
      const name = parts.slice(0, i).join('.');
      const paths = byName.get(name);
      if (paths) for (const p of paths) out.add(p);
      else out.add(`?${name}`);
    }
  };
  if (selfPackage && selfPackage.length > 0) add(selfPackage.join('.'));
  for (const s of imports) {
    let base = s.module;
    if (s.level > 0) {
      // Relative: from the file's package, one level up per extra dot; past the top it names nothing.
      if (!selfPackage || s.level - 1 > selfPackage.length) continue;
      base = [
        ...selfPackage.slice(0, selfPackage.length - (s.level - 1)),
        ...(s.module ? [s.module] : []),
      ].join('.');
    }
    if (base) add(base);
    for (const n of s.names) if (n !== '*') add(base ? `${base}.${n}` : n);
  }
  return [...out];
}
