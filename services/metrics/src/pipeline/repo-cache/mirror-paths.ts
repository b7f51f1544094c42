import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** The mirror of one repository URL: its key (lock and folder name) and folder. */
export interface MirrorPaths {
  key: string;
  dir: string;
}

/** Inside a mirror: set while a fetch runs, so a fetch killed half-way is found and checked. */
export const FETCHING_MARK = 'metrics-fetching';
/** Inside a mirror: its modification time is the mirror's last use (least recently used eviction). */
export const USED_MARK = 'metrics-used';
/** Inside a mirror: the URL it mirrors, for people looking at the folder. */
export const URL_FILE = 'metrics-url';

/**
 * `<root>/<key>.git`, the key a hash of the URL: URLs come from validated input (`cloneUrlFor`), but a
 * hash keeps any of their characters out of paths and gives one fixed length.
 */
export function mirrorPaths(root: string, url: string): MirrorPaths {
  const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
  return { key, dir: join(root, `${key}.git`) };
}
