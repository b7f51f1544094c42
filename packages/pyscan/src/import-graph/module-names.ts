// Which module a file is: its path from the import root, dotted. The root is found by walking up
// while the folder or its parent is a package (has `__init__.py`), so `src/` layouts and namespace
// sub-packages inside a package (no `__init__.py` of their own) get their full dotted name.

/** A repository module: its dotted name, its file, whether it is a package (`__init__.py`). */
export interface ModuleFile {
  name: string;
  path: string;
  isPackage: boolean;
}

const dirOf = (p: string): string => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** Module names of `paths` (repository-relative, `/`-separated `.py` files). */
export function moduleNames(paths: readonly string[]): ModuleFile[] {
  const inits = new Set(paths.filter((p) => p === '__init__.py' || p.endsWith('/__init__.py')).map(dirOf));
  const out: ModuleFile[] = [];
  for (const path of paths) {
    if (!path.endsWith('.py')) continue;
    let dir = dirOf(path);
    // Walk up while this folder or its parent is a package; the root is where that stops.
    while (dir !== '' && (inits.has(dir) || inits.has(dirOf(dir)))) dir = dirOf(dir);
    const rel = dir === '' ? path : path.slice(dir.length + 1);
    const parts = rel.slice(0, -3).split('/');
    const isPackage = parts[parts.length - 1] === '__init__';
    if (isPackage) parts.pop();
    if (parts.length === 0 || parts.some((p) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(p))) continue;
    out.push({ name: parts.join('.'), path, isPackage });
  }
  return out;
}
