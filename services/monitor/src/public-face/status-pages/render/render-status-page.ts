import type {
  PublicIncident,
  PublicMaintenance,
  PublicMonitor,
  PublicSection,
  PublicStatusPage,
} from '../public-view.js';
import { html, type SafeHtml } from './html.js';
import {
  barClass,
  barLabel,
  formatPercent,
  formatTime,
  OVERALL_LABELS,
  STATE_LABELS,
  UPDATE_LABELS,
} from './labels.js';
import { renderShell } from './page-shell.js';

export interface RenderOptions {
  /** Shows the e-mail subscription form (when subscriptions are available on this instance). */
  subscriptions: boolean;
  /** URL prefix of status.css and status.js (with a content version for long caching). */
  assetBase: string;
}

/** On a phone the 365-day window shows its last 90 days only (see status.css). */
export const NARROW_DAYS = 90;

/** The public page as HTML that is complete without JavaScript; the script only keeps it current. */
export function renderStatusPage(view: PublicStatusPage, opts: RenderOptions): string {
  const feedHref = `/status/${encodeURIComponent(view.slug)}/feed.atom`;
  const body = html`<header class="page-head">
<h1>${view.title}</h1>
${view.description ? html`<p class="desc">${view.description}</p>` : ''}
</header>
<section class="banner banner-${view.overall}" id="overall" role="status" aria-live="polite">
<span class="dot" aria-hidden="true"></span><strong id="overall-label">${OVERALL_LABELS[view.overall]}</strong>
</section>
<section id="maintenance" class="block"${view.maintenance.length ? '' : html` hidden`}>${maintenanceList(view.maintenance)}</section>
<section id="incidents" class="block">${incidentList(view.incidents)}</section>
<main id="sections">
${view.sections.map((s) => section(s, view.uptime_days))}
</main>
<p class="updated">Updated <time id="updated-at" datetime="${view.updated_at}">${formatTime(view.updated_at)}</time></p>
<footer class="page-foot">
${view.footer ? html`<p class="footer-text">${view.footer}</p>` : ''}
<p><a href="${feedHref}">Atom feed of incidents and maintenance</a></p>
${opts.subscriptions ? subscribeForm(view.slug) : ''}
</footer>`;
  return renderShell({
    title: view.title,
    description: view.description,
    assetBase: opts.assetBase,
    head: html`<link rel="alternate" type="application/atom+xml" title="${view.title}: incidents and maintenance" href="${feedHref}">\n`,
    script: true,
    bodyAttrs: html` data-slug="${view.slug}" data-days="${view.uptime_days}"`,
    body,
  });
}

function section(s: PublicSection, days: number): SafeHtml {
  return html`<section class="group">
<h2>${s.name}</h2>
<ul class="monitors">
${s.monitors.map((m) => monitorRow(m, days))}
</ul>
</section>
`;
}

function monitorRow(m: PublicMonitor, days: number): SafeHtml {
  return html`<li class="mon" data-key="${m.key}">
<div class="mon-head"><span class="mon-name">${m.name}</span><span class="mon-uptime" title="Uptime over ${days} days">${formatPercent(m.uptime_percent)}</span><span class="state state-${m.state}">${STATE_LABELS[m.state]}</span></div>
<div class="bars bars-${days}" role="group" aria-label="Daily uptime of ${m.name}, last ${days} days">${m.days.map(
    (d) =>
      html`<i class="${barClass(d.uptime_percent, d.maintenance)}" role="img" title="${barLabel(d.date, d.uptime_percent, d.maintenance)}"></i>`,
  )}</div>
<div class="bars-legend"><span class="wide">${days} days ago</span>${days > NARROW_DAYS ? html`<span class="narrow">${NARROW_DAYS} days ago</span>` : html`<span class="narrow">${days} days ago</span>`}<span>Today</span></div>
</li>
`;
}

function incidentList(incidents: PublicIncident[]): SafeHtml {
  const open = incidents.filter((i) => i.status !== 'resolved');
  const resolved = incidents.filter((i) => i.status === 'resolved');
  return html`<h2>Incidents</h2>
${open.length ? open.map(incident) : html`<p class="none">No open incidents.</p>`}
${resolved.length ? html`<h3 class="sub">Resolved in the last 7 days</h3>${resolved.map(incident)}` : ''}`;
}

function incident(i: PublicIncident): SafeHtml {
  const updates = [...i.updates].sort((a, b) => b.at.localeCompare(a.at));
  const open = i.status !== 'resolved';
  return html`<article class="incident ${open ? 'incident-open' : 'incident-resolved'}" id="incident-${i.id}">
<h3>${i.affected.length ? i.affected.join(', ') : 'Incident'} <span class="tag">${open ? 'Ongoing' : 'Resolved'}</span></h3>
<p class="meta">Started <time datetime="${i.started_at}">${formatTime(i.started_at)}</time>${
    i.resolved_at
      ? html` · resolved <time datetime="${i.resolved_at}">${formatTime(i.resolved_at)}</time>`
      : ''
  }</p>
${
  updates.length
    ? html`<ol class="updates">${updates.map(
        (u) =>
          html`<li><span class="upd-status upd-${u.status}">${UPDATE_LABELS[u.status]}</span> <time datetime="${u.at}">${formatTime(u.at)}</time><p class="msg">${u.message}</p></li>`,
      )}</ol>`
    : ''
}
${i.postmortem ? html`<div class="postmortem"><h4>Postmortem</h4><p class="msg">${i.postmortem}</p></div>` : ''}
</article>
`;
}

function maintenanceList(items: PublicMaintenance[]): SafeHtml {
  if (!items.length) return html``;
  return html`<h2>Maintenance</h2>
${items.map(
  (w) => html`<article class="maint ${w.active ? 'maint-active' : 'maint-upcoming'}">
<h3>${w.name} <span class="tag">${w.active ? 'In progress' : 'Scheduled'}</span></h3>
<p class="meta"><time datetime="${w.starts_at}">${formatTime(w.starts_at)}</time>${
    w.ends_at ? html` – <time datetime="${w.ends_at}">${formatTime(w.ends_at)}</time>` : ''
  }${w.affected.length ? html` · ${w.affected.join(', ')}` : ''}</p>
</article>
`,
)}`;
}

function subscribeForm(slug: string): SafeHtml {
  // The form's markup is fixed by the subscription handler's contract (h3): keep it as it is.
  return html`<form class="subscribe" method="post" action="/status/${slug}/subscribe">
<label for="subscribe-email">Get incidents and maintenance by e-mail</label><input id="subscribe-email" type="email" name="email" required>
<button type="submit">Subscribe</button></form>`;
}
