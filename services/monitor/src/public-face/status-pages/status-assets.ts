import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceFile } from '../../service-root.js';

/** The public page's stylesheet and script, hand-written files served as they are. */
const ASSET_DIR = serviceFile('src', 'public-face', 'status-pages', 'assets');
const FILES = {
  'status.css': 'text/css; charset=utf-8',
  'status.js': 'text/javascript; charset=utf-8',
  'status-labels.js': 'text/javascript; charset=utf-8',
};

export interface StatusAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface StatusAssets {
  /** A digest of every file: part of the asset URLs, so a new release is never served from an old cache. */
  version: string;
  files: ReadonlyMap<string, StatusAsset>;
}

let loaded: StatusAssets | null = null;

/**
 * The asset files, read on first use (they are part of the code, not data). Other public pages
 * (the subscription answers) link `${statusAssetBase()}/status.css` to look the same.
 */
export function statusAssets(): StatusAssets {
  loaded ??= readAssets();
  return loaded;
}

/** The versioned URL prefix of the assets. */
export function statusAssetBase(): string {
  return `/status-assets/${statusAssets().version}`;
}

function readAssets(): StatusAssets {
  const files = new Map<string, StatusAsset>();
  const all = createHash('sha256');
  for (const [name, contentType] of Object.entries(FILES)) {
    const body = readFileSync(join(ASSET_DIR, name));
    const digest = createHash('sha256').update(body).digest('base64url');
    all.update(name).update(digest);
    files.set(name, { body, contentType, etag: `"${digest.slice(0, 22)}"` });
  }
  return { version: all.digest('hex').slice(0, 12), files };
}
