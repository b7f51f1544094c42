/** The stylesheet of the public status pages (served under /status-assets/), shared by these pages. */
export const STATUS_CSS = '/status-assets/status.css';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface SubscriptionPage {
  title: string;
  heading: string;
  paragraphs: string[];
  /** A one-button form (confirm, unsubscribe): state changes only on this POST, never on a GET. */
  form?: { action: string; button: string };
  /** Where "back" leads (the status page), when known. */
  back?: { href: string; label: string };
}

/**
 * A small complete HTML page in the look of the public status pages: no script, no inline style
 * (the strict CSP holds), nothing but the given texts, all escaped.
 */
export function renderSubscriptionPage(p: SubscriptionPage): string {
  const paras = p.paragraphs.map((t) => `<p>${esc(t)}</p>`).join('\n');
  const form = p.form
    ? `<form class="subscription-action" method="post" action="${esc(p.form.action)}"><button type="submit">${esc(p.form.button)}</button></form>`
    : '';
  const back = p.back ? `<p><a href="${esc(p.back.href)}">${esc(p.back.label)}</a></p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${esc(p.title)}</title>
<link rel="stylesheet" href="${STATUS_CSS}">
</head>
<body class="subscription-page">
<main>
<h1>${esc(p.heading)}</h1>
${paras}
${form}
${back}
</main>
</body>
</html>
`;
}
