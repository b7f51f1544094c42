/** One file of a commit's tree, as `git ls-tree -r -l` lists it. */
export interface TreeBlob {
  path: string;
  /** The blob id: the content's key in the cache. */
  oid: string;
  mode: string;
  size: number;
}

/** One NUL-terminated entry of `git ls-tree -r -l -z`, or null when it is not a blob (a submodule). */
export function parseTreeEntry(entry: string): TreeBlob | null {
  const tab = entry.indexOf('\t');
  if (tab < 0) return null;
  const [mode = '', type, oid = '', size = ''] = entry.slice(0, tab).trim().split(/\s+/);
  if (type !== 'blob') return null;
  return { path: entry.slice(tab + 1), oid, mode, size: Number(size) };
}
