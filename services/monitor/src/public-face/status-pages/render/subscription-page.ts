import { html } from './html.js';
import { DEFAULT_ASSET_BASE, renderShell } from './page-shell.js';

export interface SubscriptionPage {
  title: string;
  heading: string;
  paragraphs: string[];
  /** A one-button form (confirm, unsubscribe): state changes only on this POST, never on a GET. */
  form?: { action: string; button: string; fields?: Record<string, string> };
  /** Where "back" leads (the status page), when known. */
  back?: { href: string; label: string };
}

/**
 * A small page in the look of the public status pages (their shell and stylesheet): no script,
 * no inline style, so the strict CSP holds; every text is escaped.
 */
export function renderSubscriptionPage(p: SubscriptionPage): string {
  const form = p.form
    ? html`<form class="subscription-action" method="post" action="${p.form.action}">${Object.entries(p.form.fields ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}<button type="submit">${p.form.button}</button></form>`
    : '';
  const back = p.back ? html`<p><a href="${p.back.href}">${p.back.label}</a></p>` : '';
  return renderShell({
    title: p.title,
    assetBase: DEFAULT_ASSET_BASE,
    head: html`<meta name="robots" content="noindex">\n`,
    body: html`<header class="page-head"><h1>${p.heading}</h1></header>
<main class="message">${p.paragraphs.map((t) => html`<p>${t}</p>`)}
${form}
${back}</main>`,
  });
}
