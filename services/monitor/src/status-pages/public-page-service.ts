import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { AppContext } from '../context.js';
import type { PublicStatusPage } from './public-view.js';
import { publicViewCache } from './public-view-cache.js';
import { renderFeed } from './render/render-feed.js';
import { type RenderOptions, renderStatusPage } from './render/render-status-page.js';

const gzipAsync = promisify(gzip);

/** One rendering of a page or feed: the bytes, their validator and (made on first demand) a gzip copy. */
export class Rendered {
  readonly body: Buffer;
  readonly etag: string;
  private gz: Promise<Buffer> | null = null;

  constructor(text: string) {
    this.body = Buffer.from(text, 'utf8');
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  /** The gzip copy, compressed once and off the event loop's thread. */
  gzipped(): Promise<Buffer> {
    this.gz ??= gzipAsync(this.body, { level: 6 });
    return this.gz;
  }
}

// A view is an immutable object that the view cache replaces when the page changes: keying the
// renderings on it means a burst of visitors costs one render per change, and dropping a view
// drops its renderings with it.
const pages = new WeakMap<PublicStatusPage, Rendered>();
// Subscriptions are switched on and off in the settings, not per view: the page with the form is kept apart.
const pagesWithForm = new WeakMap<PublicStatusPage, Rendered>();
const feeds = new WeakMap<PublicStatusPage, Map<string, Rendered>>();
/** Feeds per view for this many distinct base URLs at most (the base comes from a Host header). */
const MAX_FEED_BASES = 4;

/** The public page of `slug` as rendered HTML, or null for an unknown or non-public slug. */
export async function publicPageHtml(
  ctx: AppContext,
  slug: string,
  opts: RenderOptions,
): Promise<Rendered | null> {
  const view = await publicViewCache(ctx).get(slug);
  if (!view) return null;
  const cache = opts.subscriptions ? pagesWithForm : pages;
  let r = cache.get(view);
  if (!r) {
    r = new Rendered(renderStatusPage(view, opts));
    cache.set(view, r);
  }
  return r;
}

/** The Atom feed of `slug` with links under `baseUrl`, or null for an unknown or non-public slug. */
export async function publicPageFeed(
  ctx: AppContext,
  slug: string,
  baseUrl: string,
): Promise<Rendered | null> {
  const view = await publicViewCache(ctx).get(slug);
  if (!view) return null;
  let byBase = feeds.get(view);
  if (!byBase) {
    byBase = new Map();
    feeds.set(view, byBase);
  }
  let r = byBase.get(baseUrl);
  if (!r) {
    r = new Rendered(renderFeed(view, baseUrl));
    if (byBase.size >= MAX_FEED_BASES) byBase.clear();
    byBase.set(baseUrl, r);
  }
  return r;
}
