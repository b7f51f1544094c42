import { fileURLToPath } from 'node:url';

// What git says when the remote has no such repository (or will not show it without credentials).
const NOT_FOUND = [
  /does not appear to be a git repository/i,
  /repository '[^']*' not found/i,
  /Repository not found/i,
  /could not read Username/i,
  /Authentication failed/i,
  /requested URL returned error: 40[134]/i,
];

/** True when git's stderr says the remote has no such repository, or will not show it without credentials. */
export function isNotFound(stderr: string): boolean {
  return NOT_FOUND.some((re) => re.test(stderr));
}

/**
 * git names the scratch folder and, for a file:// base, the server folder of the repository: neither
 * belongs in a message users see. The clone folder becomes `<clone>`, the repository's folder its
 * `owner/repo`, and any other absolute path `…`.
 */
export function redactPaths(line: string, cloneDir: string, url: string): string {
  let out = line.split(cloneDir).join('<clone>');
  if (url.startsWith('file://')) out = out.split(fileURLToPath(url)).join(repoName(url));
  return out.replace(/(?<![\w:/.>])\/(?:[^\s'"/]+\/)*[^\s'"/]*/g, '…');
}

/** Bytes as MB (10^6, the unit of MAX_REPO_SIZE_MB) with one decimal. */
export function mb(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}

/** `owner/repo` of a clone URL (its last two path segments, without `.git`). */
export function repoName(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url;
  }
  return path
    .split('/')
    .filter(Boolean)
    .slice(-2)
    .join('/')
    .replace(/\.git$/, '');
}
