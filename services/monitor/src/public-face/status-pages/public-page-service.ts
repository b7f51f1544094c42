import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PublicStatusPage } from './public-view.js';
import { type PublicViewDeps, publicViewCache } from './public-view-cache.js';
import { formatTime } from './render/labels.js';
import { renderFeed } from './render/render-feed.js';
import { type RenderOptions, renderStatusPage } from './render/render-status-page.js';

const gzipAsync = promisify(gzip);

/** One rendering of a page or feed: the bytes, their validator and a gzip copy made off the main thread. */
export class Rendered {
  readonly body: Buffer;
  readonly etag: string;
  private gz: Promise<Buffer> | null = null;

  constructor(text: string | Buffer, etag?: string) {
    this.body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.etag = etag ?? `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  /** The gzip copy, compressed once (in libuv's thread pool, not on the event loop). */
  gzipped(): Promise<Buffer> {
    this.gz ??= gzipAsync(this.body, { level: 6 });
    return this.gz;
  }
}

/** Stands in for `updated_at` while rendering, so the page splits into what changes and what does not. */
const UPDATED_MARK = '\u0000updated-at\u0000';

/** A page rendered with the mark: the text around the two places that show `updated_at`. */
interface Template {
  /** The view cache's validator, which covers everything but `updated_at`. */
  contentEtag: string;
  parts: [Buffer, Buffer, Buffer];
}

// A view is an immutable object that the view cache replaces when the page changes: keying the
// renderings on it means a burst of visitors costs one render per change, and dropping a view
// drops its renderings with it.
const pages = new WeakMap<PublicStatusPage, Rendered>();
// Subscriptions are switched on and off in the settings, not per view: the page with the form is kept apart.
const pagesWithForm = new WeakMap<PublicStatusPage, Rendered>();
// The view cache also rebuilds a view every few seconds when nothing changed but the time: then
// the previous rendering is reused with the new "updated" time spliced in, not rendered again.
const templates = new WeakMap<PublicViewDeps, Map<string, Template>>();
const feeds = new WeakMap<PublicStatusPage, Map<string, Rendered>>();
/** Feeds per view for this many distinct base URLs at most (the base comes from a Host header). */
const MAX_FEED_BASES = 4;

/** The public page of `slug` as rendered HTML, or null for an unknown or non-public slug. */
export async function publicPageHtml(
  ctx: PublicViewDeps,
  slug: string,
  opts: RenderOptions,
): Promise<Rendered | null> {
  const entry = await publicViewCache(ctx).entry(slug);
  if (!entry) return null;
  const { view } = entry;
  const rendered = opts.subscriptions ? pagesWithForm : pages;
  const done = rendered.get(view);
  if (done) return done;
  let bySlug = templates.get(ctx);
  if (!bySlug) {
    bySlug = new Map();
    templates.set(ctx, bySlug);
  }
  const key = opts.subscriptions ? `${slug}#form` : slug;
  let t = bySlug.get(key);
  if (!t || t.contentEtag !== entry.etag) {
    t = {
      contentEtag: entry.etag,
      parts: splitAtMark(renderStatusPage({ ...view, updated_at: UPDATED_MARK }, opts)),
    };
    bySlug.set(key, t);
  }
  const at = Buffer.from(view.updated_at, 'utf8');
  const shown = Buffer.from(formatTime(view.updated_at), 'utf8');
  const body = Buffer.concat([t.parts[0], at, t.parts[1], shown, t.parts[2]]);
  // Content and time identify the bytes, so no hash of 1 MB is needed per rendering.
  const core = entry.etag.replace(/^W\//, '').replace(/"/g, '');
  const form = opts.subscriptions ? '.s' : '';
  const r = new Rendered(body, `"${core}.${Date.parse(view.updated_at).toString(36)}${form}"`);
  void r.gzipped().catch(() => {});
  rendered.set(view, r);
  return r;
}

function splitAtMark(html: string): [Buffer, Buffer, Buffer] {
  const parts = html.split(UPDATED_MARK);
  if (parts.length !== 3) throw new Error(`the page shows updated_at ${parts.length - 1} times, expected 2`);
  return [Buffer.from(parts[0]!, 'utf8'), Buffer.from(parts[1]!, 'utf8'), Buffer.from(parts[2]!, 'utf8')];
}

/** The Atom feed of `slug` with links under `baseUrl`, or null for an unknown or non-public slug. */
export async function publicPageFeed(
  ctx: PublicViewDeps,
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
