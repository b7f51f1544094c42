// Exclude globs: picomatch patterns matched against paths relative to an anchor folder.
import { relative, sep } from 'node:path';
import picomatch from 'picomatch';

/** Globs and the folder they are relative to (the folder of the pyproject.toml, or the analysed root). */
export interface ExcludeSet {
  anchor: string;
  globs: string[];
}

/** True when a path (absolute) is excluded by one of the sets. */
export type ExcludeMatcher = (absPath: string) => boolean;

/**
 * Compiles exclude sets. A pattern without a slash matches a file or folder name at any depth
 * (`legacy`, `*_pb2.py`), as in .gitignore; a pattern with a slash matches from the anchor
 * (`src/gen/**`). A match on a folder excludes everything under it, so `build` and `build/` work.
 */
export function compileExcludes(sets: ExcludeSet[]): ExcludeMatcher {
  const compiled = sets
    .filter((s) => s.globs.length > 0)
    .map((s) => ({ anchor: s.anchor, test: compileGlobs(s.globs) }));
  if (compiled.length === 0) return () => false;
  return (absPath) =>
    compiled.some(({ anchor, test }) => {
      const rel = relative(anchor, absPath).split(sep).join('/');
      return !rel.startsWith('../') && rel !== '..' && test(rel);
    });
}

/** A predicate on '/'-separated relative paths: the path or any of its parent folders matches a glob. */
export function compileGlobs(globs: string[]): (relPath: string) => boolean {
  const matchers = globs.map((g) => {
    const pattern = g.replace(/^\.\//, '').replace(/\/+$/, '');
    return picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
  });
  return (relPath) => {
    const parts = relPath.split('/');
    for (let i = parts.length; i > 0; i--) {
      const prefix = parts.slice(0, i).join('/');
      if (matchers.some((m) => m(prefix))) return true;
    }
    return false;
  };
}

/** Why a glob is unusable, or null when it is fine (empty, too long, or absolute). */
export function globProblem(glob: string, maxLength = 200): string | null {
  if (glob.trim() === '') return 'an exclude glob may not be empty';
  if (glob.length > maxLength) return `an exclude glob may be at most ${maxLength} characters`;
  if (glob.startsWith('/')) return `exclude globs are relative paths, not '${glob}'`;
  return null;
}
