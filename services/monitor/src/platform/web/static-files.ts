import { type Stats, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A file of the built UI that may be sent. */
export interface StaticFile {
  path: string;
  stat: Stats;
  contentType: string;
  cacheControl: string;
  etag: string;
}

/** The content type for a file name (octet-stream when unknown). */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a regular file inside `root`, or null. Paths that climb out of the root, hidden
 * files and directories are refused. Vite puts content-hashed names under /assets/: those never
 * change and are cached for a year; everything else is revalidated.
 */
export function resolveStatic(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = normalize(decoded).replace(/^[/\\]+/, '');
  if (rel.split(/[/\\]/).some((seg) => seg === '..' || seg.startsWith('.'))) return null;
  const path = join(root, rel);
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const hashed = rel.startsWith(`assets${sep}`) || rel.startsWith('assets/');
  return {
    path,
    stat,
    contentType: contentTypeOf(path),
    cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
  };
}
