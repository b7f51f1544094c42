import { html, type SafeHtml } from './html.js';

/** Where the page's stylesheet and script are served; unversioned files are revalidated by ETag. */
export const DEFAULT_ASSET_BASE = '/status-assets';

export interface ShellOptions {
  title: string;
  description?: string | null;
  assetBase: string;
  /** Extra head elements (the feed link). */
  head?: SafeHtml;
  /** Loads the live script; pages that never change (404, messages) go without. */
  script?: boolean;
  /** Data attributes of <body> the script reads. */
  bodyAttrs?: SafeHtml;
  body: SafeHtml;
}

/**
 * The document every public page shares: one stylesheet and at most one script, both files of
 * the service, so the strict CSP (no inline script or style) holds on pages nobody signs in to.
 * Exported for the subscription pages, which should look the same.
 */
export function renderShell(o: ShellOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">\n` : ''}<link rel="stylesheet" href="${o.assetBase}/status.css">
${o.head ?? ''}${o.script ? html`<script type="module" src="${o.assetBase}/status.js"></script>\n` : ''}</head>
<body${o.bodyAttrs ?? ''}>
<div class="wrap">
${o.body}
</div>
</body>
</html>
`.value;
}

/** A small page in the same look: a heading and a sentence (404, and the subscription answers). */
export function renderMessagePage(title: string, message: string, assetBase = DEFAULT_ASSET_BASE): string {
  return renderShell({
    title,
    assetBase,
    body: html`<header class="page-head"><h1>${title}</h1></header>
<main class="message"><p>${message}</p></main>`,
  });
}

/** The page for an unknown or non-public slug: the same answer for both, so a slug's existence never shows. */
export function renderNotFound(assetBase = DEFAULT_ASSET_BASE): string {
  return renderMessagePage(
    'Status page not found',
    'There is no public status page at this address.',
    assetBase,
  );
}
