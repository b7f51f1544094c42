import escapeHtml from 'escape-html';
import type { PublicIncident, PublicMaintenance, PublicStatusPage } from '../public-view.js';
import { html } from './html.js';
import { formatTime, UPDATE_LABELS } from './labels.js';

// Characters XML 1.0 forbids even as references: a message carrying one would make the whole feed
// unreadable to every reader, so they are dropped.
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching these characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text (or already escaped markup) as XML character data: the five XML-significant characters escaped. */
function x(s: string): string {
  return escapeHtml(s.replace(XML_INVALID, ''));
}

interface Entry {
  id: string;
  title: string;
  updated: string;
  published: string;
  link: string;
  content: string;
}

/**
 * The page's incidents (with their updates) and maintenance windows as an Atom 1.0 feed. Entry ids
 * are tag: URIs from the incident id or the maintenance occurrence key, so a reader sees an edited
 * incident as the same entry with a newer `updated`, not as a new one.
 */
export function renderFeed(view: PublicStatusPage, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const pageUrl = `${base}/status/${encodeURIComponent(view.slug)}`;
  const authority = tagAuthority(base);
  const tag = (what: string) => `tag:${authority},2026:status/${encodeURIComponent(view.slug)}/${what}`;
  const entries = [
    ...view.incidents.map((i) => incidentEntry(i, pageUrl, tag)),
    ...view.maintenance.map((m) => maintenanceEntry(m, pageUrl, tag, view.updated_at)),
  ].sort((a, b) => ms(b.updated) - ms(a.updated));
  const feedUpdated = entries[0]?.updated ?? view.updated_at;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${x(tag('feed'))}</id>`,
    `<title>${x(`${view.title}: incidents and maintenance`)}</title>`,
    ...(view.description ? [`<subtitle>${x(view.description)}</subtitle>`] : []),
    `<updated>${x(iso(feedUpdated))}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${x(`${pageUrl}/feed.atom`)}"/>`,
    `<link rel="alternate" type="text/html" href="${x(pageUrl)}"/>`,
    `<author><name>${x(view.title)}</name></author>`,
    ...entries.map(
      (e) =>
        `<entry><id>${x(e.id)}</id><title>${x(e.title)}</title><updated>${x(iso(e.updated))}</updated>` +
        `<published>${x(iso(e.published))}</published><link rel="alternate" type="text/html" href="${x(e.link)}"/>` +
        `<content type="html">${x(e.content)}</content></entry>`,
    ),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}

function incidentEntry(i: PublicIncident, pageUrl: string, tag: (w: string) => string): Entry {
  const times = [i.started_at, ...(i.resolved_at ? [i.resolved_at] : []), ...i.updates.map((u) => u.at)];
  const updated = times.reduce((latest, t) => (ms(t) > ms(latest) ? t : latest));
  const updates = [...i.updates].sort((a, b) => b.at.localeCompare(a.at));
  const what = i.affected.length ? i.affected.join(', ') : 'Incident';
  // The content is HTML built with escaping, then escaped once more as the XML text that carries it.
  const content =
    html`<p>Started ${formatTime(i.started_at)}${i.resolved_at ? html`, resolved ${formatTime(i.resolved_at)}` : ''}.</p>${updates.map(
      (u) => html`<p><strong>${UPDATE_LABELS[u.status]}</strong> (${formatTime(u.at)}): ${u.message}</p>`,
    )}${i.postmortem ? html`<h4>Postmortem</h4><p>${i.postmortem}</p>` : ''}`.value;
  return {
    id: tag(`incident/${i.id}`),
    title: `${i.status === 'resolved' ? 'Resolved' : 'Ongoing'}: ${what}`,
    updated,
    published: i.started_at,
    link: `${pageUrl}#incident-${i.id}`,
    content,
  };
}

function maintenanceEntry(
  m: PublicMaintenance,
  pageUrl: string,
  tag: (w: string) => string,
  now: string,
): Entry {
  // A window that has not begun was last changed no later than now; once it runs, its start is the
  // change a reader should see. Upcoming windows use the start of today so `updated` stays put all day.
  const updated = m.active || ms(m.starts_at) <= ms(now) ? m.starts_at : `${now.slice(0, 10)}T00:00:00.000Z`;
  const content = html`<p>${m.active ? 'In progress' : 'Scheduled'}: ${formatTime(m.starts_at)}${
    m.ends_at ? html` to ${formatTime(m.ends_at)}` : ''
  }.</p>${m.affected.length ? html`<p>Affects ${m.affected.join(', ')}.</p>` : ''}`.value;
  return {
    id: tag(`maintenance/${encodeURIComponent(m.key)}`),
    title: `${m.active ? 'Maintenance in progress' : 'Scheduled maintenance'}: ${m.name}`,
    updated,
    published: ms(m.starts_at) < ms(updated) ? m.starts_at : updated,
    link: `${pageUrl}#maintenance`,
    content,
  };
}

/** Milliseconds of an ISO instant, for ordering (string order breaks on differing offsets). */
function ms(t: string): number {
  return Date.parse(t) || 0;
}

/** RFC 3339 as Atom wants it (the view's times already are; this normalises any offset form). */
function iso(t: string): string {
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? t : d.toISOString();
}

/** The tag: URI authority (RFC 4151) is the public host name: it names whose entries these are. */
function tagAuthority(base: string): string {
  try {
    const host = new URL(base).hostname;
    return host && !host.includes(':') && !host.startsWith('[') ? host : 'localhost';
  } catch {
    return 'localhost';
  }
}
