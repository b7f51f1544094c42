// Keeps the public status page current without a reload. The server-rendered page is complete on
// its own; this script polls the page's JSON twin (with If-None-Match, so an unchanged page costs a
// 304) every 30 s and when the tab comes back, and rewrites only what changed, in place. It builds
// DOM nodes and sets textContent: nothing from the JSON is ever parsed as markup.
// The server writes every time in UTC (it cannot know the visitor's zone); this script rewrites
// each <time datetime> in the browser's locale and time zone and keeps the UTC text as its title.

import {
  barClass,
  barLabel,
  formatPercent,
  formatTime,
  OVERALL_LABELS,
  STATE_LABELS,
  UPDATE_LABELS,
} from './status-labels.js';

export const NARROW_DAYS = 90;
const POLL_MS = 30_000;

// The visitor's locale and zone (undefined picks the browser's). The zone's name is part of the
// text because a bare "14:05" is ambiguous to someone reading an incident from another country.
const LOCAL_FORMAT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in the visitor's locale and time zone. */
export function localTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return LOCAL_FORMAT.format(d);
}

/** Shows one <time> in local time, with the UTC text the server wrote kept as its tooltip. */
function localize(node) {
  const iso = node.getAttribute('datetime');
  if (!iso) return;
  setAttr(node, 'title', formatTime(iso));
  setText(node, localTime(iso));
}

/** Rewrites every server-rendered time under `root` in the visitor's zone. */
export function localizeTimes(root) {
  for (const node of root.querySelectorAll('time[datetime]')) localize(node);
}

/** A DOM element with attributes and children (strings become text nodes). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return node;
}

// Same attributes in the same order as a localized server-rendered <time>, so an unchanged
// section compares equal in replaceIfChanged and is left alone.
function timeEl(iso) {
  return el('time', { datetime: iso, title: formatTime(iso) }, localTime(iso));
}

function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (node && node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function barEl(d) {
  return el('i', {
    class: barClass(d.uptime_percent, d.maintenance),
    role: 'img',
    title: barLabel(d.date, d.uptime_percent, d.maintenance),
  });
}

function legendEl(days) {
  return el(
    'div',
    { class: 'bars-legend' },
    el('span', { class: 'wide' }, `${days} days ago`),
    el('span', { class: 'narrow' }, `${Math.min(days, NARROW_DAYS)} days ago`),
    el('span', {}, 'Today'),
  );
}

function monitorEl(m, days) {
  const li = el(
    'li',
    { class: 'mon', 'data-key': m.key },
    el(
      'div',
      { class: 'mon-head' },
      el('span', { class: 'mon-name' }, m.name),
      el('span', { class: 'mon-uptime', title: `Uptime over ${days} days` }, formatPercent(m.uptime_percent)),
      el('span', { class: `state state-${m.state}` }, STATE_LABELS[m.state] ?? m.state),
    ),
    el(
      'div',
      {
        class: `bars bars-${days}`,
        role: 'group',
        'aria-label': `Daily uptime of ${m.name}, last ${days} days`,
      },
      m.days.map(barEl),
    ),
    legendEl(days),
  );
  return li;
}

function sectionEl(s, days) {
  return el(
    'section',
    { class: 'group' },
    el('h2', {}, s.name),
    el(
      'ul',
      { class: 'monitors' },
      s.monitors.map((m) => monitorEl(m, days)),
    ),
  );
}

/** Updates one monitor row where it stands: state, figure and the bars that changed. */
function patchMonitor(li, m, days) {
  setText(li.querySelector('.mon-name'), m.name);
  setText(li.querySelector('.mon-uptime'), formatPercent(m.uptime_percent));
  const state = li.querySelector('.state');
  setAttr(state, 'class', `state state-${m.state}`);
  setText(state, STATE_LABELS[m.state] ?? m.state);
  const bars = li.querySelector('.bars');
  if (!bars) return;
  setAttr(bars, 'class', `bars bars-${days}`);
  while (bars.children.length > m.days.length) bars.firstElementChild.remove();
  while (bars.children.length < m.days.length) bars.append(el('i', { role: 'img' }));
  m.days.forEach((d, i) => {
    const bar = bars.children[i];
    setAttr(bar, 'class', barClass(d.uptime_percent, d.maintenance));
    setAttr(bar, 'title', barLabel(d.date, d.uptime_percent, d.maintenance));
  });
}

/** Whether the page's layout (sections and their monitors) is still the one on screen. */
function sameLayout(main, view) {
  // A new window (30, 60, 90, 365 days) changes every row's legend: draw the sections anew.
  if (document.body.dataset.days !== String(view.uptime_days)) return false;
  const groups = main.querySelectorAll(':scope > .group');
  if (groups.length !== view.sections.length) return false;
  return view.sections.every((s, i) => {
    const g = groups[i];
    const keys = [...g.querySelectorAll('.mon')].map((li) => li.dataset.key);
    return (
      g.querySelector('h2')?.textContent === s.name &&
      keys.length === s.monitors.length &&
      s.monitors.every((m, j) => keys[j] === m.key)
    );
  });
}

function incidentEl(i) {
  const open = i.status !== 'resolved';
  const updates = [...i.updates].sort((a, b) => b.at.localeCompare(a.at));
  return el(
    'article',
    { class: `incident ${open ? 'incident-open' : 'incident-resolved'}`, id: `incident-${i.id}` },
    el(
      'h3',
      {},
      `${i.affected.length ? i.affected.join(', ') : 'Incident'} `,
      el('span', { class: 'tag' }, open ? 'Ongoing' : 'Resolved'),
    ),
    el(
      'p',
      { class: 'meta' },
      'Started ',
      timeEl(i.started_at),
      i.resolved_at ? [' · resolved ', timeEl(i.resolved_at)] : null,
    ),
    updates.length
      ? el(
          'ol',
          { class: 'updates' },
          updates.map((u) =>
            el(
              'li',
              {},
              el('span', { class: `upd-status upd-${u.status}` }, UPDATE_LABELS[u.status] ?? u.status),
              ' ',
              timeEl(u.at),
              el('p', { class: 'msg' }, u.message),
            ),
          ),
        )
      : null,
    i.postmortem
      ? el(
          'div',
          { class: 'postmortem' },
          el('h4', {}, 'Postmortem'),
          el('p', { class: 'msg' }, i.postmortem),
        )
      : null,
  );
}

function incidentsContent(incidents) {
  const open = incidents.filter((i) => i.status !== 'resolved');
  const resolved = incidents.filter((i) => i.status === 'resolved');
  return [
    el('h2', {}, 'Incidents'),
    open.length ? open.map(incidentEl) : el('p', { class: 'none' }, 'No open incidents.'),
    resolved.length
      ? [el('h3', { class: 'sub' }, 'Resolved in the last 7 days'), resolved.map(incidentEl)]
      : null,
  ].flat(2);
}

function maintenanceContent(items) {
  if (!items.length) return [];
  return [
    el('h2', {}, 'Maintenance'),
    ...items.map((w) =>
      el(
        'article',
        { class: `maint ${w.active ? 'maint-active' : 'maint-upcoming'}` },
        el('h3', {}, `${w.name} `, el('span', { class: 'tag' }, w.active ? 'In progress' : 'Scheduled')),
        el(
          'p',
          { class: 'meta' },
          timeEl(w.starts_at),
          w.ends_at ? [' – ', timeEl(w.ends_at)] : null,
          w.affected.length ? ` · ${w.affected.join(', ')}` : null,
        ),
      ),
    ),
  ];
}

/** Replaces a container's children only when the new content differs, so nothing flickers. */
function replaceIfChanged(container, nodes) {
  const probe = document.createElement('div');
  probe.append(...nodes.filter(Boolean));
  if (probe.innerHTML === container.innerHTML) return;
  container.replaceChildren(...probe.childNodes);
}

/** Brings the whole page in line with `view` (a PublicStatusPage). */
export function applyView(view) {
  const days = view.uptime_days;
  setText(document.querySelector('.page-head h1'), view.title);
  if (document.title !== view.title) document.title = view.title;
  const banner = document.getElementById('overall');
  setAttr(banner, 'class', `banner banner-${view.overall}`);
  setText(document.getElementById('overall-label'), OVERALL_LABELS[view.overall] ?? view.overall);

  const main = document.getElementById('sections');
  if (main) {
    if (sameLayout(main, view)) {
      const rows = main.querySelectorAll('.mon');
      let n = 0;
      for (const s of view.sections) for (const m of s.monitors) patchMonitor(rows[n++], m, days);
    } else {
      main.replaceChildren(...view.sections.map((s) => sectionEl(s, days)));
    }
  }

  const incidents = document.getElementById('incidents');
  if (incidents) replaceIfChanged(incidents, incidentsContent(view.incidents));
  const maint = document.getElementById('maintenance');
  if (maint) {
    replaceIfChanged(maint, maintenanceContent(view.maintenance));
    maint.hidden = view.maintenance.length === 0;
  }
  const updated = document.getElementById('updated-at');
  if (updated) {
    setAttr(updated, 'datetime', view.updated_at);
    localize(updated);
  }
  applyTexts(view);
  document.body.dataset.days = String(days);
}

/**
 * The optional description (under the title, and the page's meta description) and footer text:
 * set, changed or removed like the server would render them.
 */
function applyTexts(view) {
  const head = document.querySelector('.page-head');
  let desc = head?.querySelector('.desc') ?? null;
  if (view.description && head) {
    if (!desc) {
      desc = el('p', { class: 'desc' });
      head.append(desc);
    }
    setText(desc, view.description);
  } else desc?.remove();
  let meta = document.querySelector('meta[name="description"]');
  if (view.description) {
    if (!meta) {
      meta = el('meta', { name: 'description' });
      document.head.append(meta);
    }
    setAttr(meta, 'content', view.description);
  } else meta?.remove();

  const foot = document.querySelector('.page-foot');
  let text = foot?.querySelector('.footer-text') ?? null;
  if (view.footer && foot) {
    if (!text) {
      text = el('p', { class: 'footer-text' });
      foot.prepend(text);
    }
    setText(text, view.footer);
  } else text?.remove();
}

function start() {
  const slug = document.body.dataset.slug;
  if (!slug) return;
  localizeTimes(document);
  const url = `/api/public/status-pages/${encodeURIComponent(slug)}`;
  let etag = null;
  let busy = false;
  let timer = null;

  async function poll() {
    if (busy) return;
    busy = true;
    try {
      const res = await fetch(url, {
        headers: etag
          ? { 'if-none-match': etag, accept: 'application/json' }
          : { accept: 'application/json' },
        // The validator is sent by hand and a 304 handled here, so the browser's cache stays out of it.
        cache: 'no-store',
      });
      if (res.status === 200) {
        etag = res.headers.get('etag');
        applyView(await res.json());
        document.documentElement.dataset.live = 'ok';
      } else if (res.status === 304) {
        document.documentElement.dataset.live = 'ok';
      } else {
        document.documentElement.dataset.live = 'error';
      }
    } catch {
      // Offline or the service restarting: the page keeps what it shows and tries again later.
      document.documentElement.dataset.live = 'error';
    } finally {
      busy = false;
    }
  }

  function schedule() {
    clearInterval(timer);
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll();
    }, POLL_MS);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      void poll();
      schedule();
    }
  });
  schedule();
  void poll();
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}
