import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as labels from '../../src/public-face/status-pages/render/labels.js';
import { renderNotFound } from '../../src/public-face/status-pages/render/page-shell.js';
import { renderFeed } from '../../src/public-face/status-pages/render/render-feed.js';
import { renderStatusPage } from '../../src/public-face/status-pages/render/render-status-page.js';
import { daysEnding, monitor, samplePage } from './sample-view.js';

const OPTS = { subscriptions: false, assetBase: '/status-assets/v1' };
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'q'`;

/** The markup of one monitor row (from its data-key to the end of its <li>). */
function row(html: string, key: string): string {
  const start = html.indexOf(`data-key="${key}"`);
  assert.ok(start > 0, `row ${key} rendered`);
  return html.slice(start, html.indexOf('</li>', start));
}

const bars = (rowHtml: string) => [
  ...rowHtml.matchAll(/<i class="([^"]+)" role="img" title="([^"]+)"><\/i>/g),
];

describe('renderStatusPage', () => {
  test('renders title, description, banner, sections, states, uptime, footer and the feed link', () => {
    const html = renderStatusPage(samplePage(), OPTS);
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /<title>Acme status<\/title>/);
    assert.match(html, /<meta name="description" content="Services of Acme">/);
    assert.match(html, /<h1>Acme status<\/h1>/);
    assert.match(
      html,
      /class="banner banner-partial_outage"[^>]*>\s*<span[^>]*><\/span><strong id="overall-label">Partial outage<\/strong>/,
    );
    assert.match(html, /<h2>Web<\/h2>[\s\S]*<h2>Mail<\/h2>/);
    assert.match(
      row(html, 's0-m1'),
      /<span class="mon-name">API<\/span><span class="mon-uptime"[^>]*>98\.12%<\/span><span class="state state-down">Down<\/span>/,
    );
    assert.match(row(html, 's1-m0'), /<span class="state state-maintenance">Maintenance<\/span>/);
    assert.match(
      html,
      /<link rel="alternate" type="application\/atom\+xml" title="Acme status: incidents and maintenance" href="\/status\/acme\/feed\.atom">/,
    );
    assert.match(html, /<link rel="stylesheet" href="\/status-assets\/v1\/status\.css">/);
    assert.match(html, /<script type="module" src="\/status-assets\/v1\/status\.js"><\/script>/);
    assert.match(html, /<p class="footer-text">Questions: ask support<\/p>/);
    assert.match(
      html,
      /<time id="updated-at" datetime="2026-11-24T00:30:00.000Z">2026-11-24 00:30 UTC<\/time>/,
    );
    // The page service splices a new time into the two places that show it; there are no others.
    assert.equal(html.split('2026-11-24T00:30:00.000Z').length - 1, 1);
    assert.equal(html.split('2026-11-24 00:30 UTC').length - 1, 1);
  });

  for (const [overall, text] of Object.entries(labels.OVERALL_LABELS)) {
    test(`the banner reads "${text}" for ${overall}`, () => {
      const html = renderStatusPage(samplePage({ overall: overall as never }), OPTS);
      assert.match(html, new RegExp(`class="banner banner-${overall}"`));
      assert.match(html, new RegExp(`<strong id="overall-label">${text}</strong>`));
    });
  }

  test('one bar per day, oldest first: grey without data, marked on maintenance days, banded by uptime', () => {
    const html = renderStatusPage(samplePage(), OPTS);
    const b = bars(row(html, 's0-m0'));
    assert.equal(b.length, 90);
    assert.equal(b[0]?.[1], 'b bn');
    assert.equal(b[0]?.[2], '2026-08-27: no data');
    assert.equal(b[9]?.[1], 'b bn');
    assert.equal(b[10]?.[1], 'b b4');
    assert.equal(b[50]?.[1], 'b bm');
    assert.match(b[50]?.[2] ?? '', /^\d{4}-\d{2}-\d{2}: 100\.00% uptime, maintenance$/);
    assert.equal(b[80]?.[1], 'b b2');
    assert.match(b[80]?.[2] ?? '', /: 97\.50% uptime$/);
    assert.equal(b[89]?.[2], '2026-11-24: 100.00% uptime');
    assert.match(
      row(html, 's0-m0'),
      /class="bars bars-90" role="group" aria-label="Daily uptime of Website, last 90 days"/,
    );
  });

  test('uptime bands and percentages', () => {
    assert.equal(labels.barClass(100, false), 'b b4');
    assert.equal(labels.barClass(99.9, false), 'b b4');
    assert.equal(labels.barClass(99.5, false), 'b b3');
    assert.equal(labels.barClass(96, false), 'b b2');
    assert.equal(labels.barClass(50, false), 'b b1');
    assert.equal(labels.barClass(0, false), 'b b0');
    assert.equal(labels.barClass(null, false), 'b bn');
    assert.equal(labels.barClass(null, true), 'b bm');
    // Never rounded up to a perfect score.
    assert.equal(labels.formatPercent(99.999), '99.99%');
    assert.equal(labels.formatPercent(null), 'no data');
  });

  test('a 365-day page renders 365 bars and a phone legend for its last 90', () => {
    const view = samplePage({
      uptime_days: 365,
      sections: [{ name: 'Year', monitors: [monitor('s0-m0', 'Y', {}, 365)] }],
    });
    const html = renderStatusPage(view, OPTS);
    assert.equal(bars(row(html, 's0-m0')).length, 365);
    assert.match(html, /class="bars bars-365"/);
    assert.match(html, /<span class="wide">365 days ago<\/span><span class="narrow">90 days ago<\/span>/);
  });

  test('open incidents with their updates newest first, resolved ones with postmortems, maintenance', () => {
    const html = renderStatusPage(samplePage(), OPTS);
    const open = html.slice(
      html.indexOf('id="incident-41"'),
      html.indexOf('</article>', html.indexOf('id="incident-41"')),
    );
    assert.match(open, /API <span class="tag">Ongoing<\/span>/);
    assert.match(
      open,
      /Identified<\/span> <time datetime="2026-11-24T00:20:00.000Z">[^<]+<\/time><p class="msg">A bad deploy<\/p>[\s\S]*Investigating/,
    );
    assert.match(
      html,
      /Resolved in the last 7 days[\s\S]*id="incident-40"[\s\S]*<h4>Postmortem<\/h4><p class="msg">Disk full on one node\.<\/p>/,
    );
    assert.match(html, /Mail server upgrade <span class="tag">In progress<\/span>/);
    assert.match(html, /Database failover test <span class="tag">Scheduled<\/span>[\s\S]*Website, API/);
    const calm = renderStatusPage(samplePage({ incidents: [], maintenance: [] }), OPTS);
    assert.match(calm, /<p class="none">No open incidents\.<\/p>/);
    assert.match(calm, /<section id="maintenance" class="block" hidden>/);
  });

  test('every user-typed text is escaped: names, sections, messages, postmortems, title, footer', () => {
    const base = samplePage();
    const view = samplePage({
      title: HOSTILE,
      description: HOSTILE,
      footer: HOSTILE,
      sections: [{ name: HOSTILE, monitors: [monitor('s0-m0', HOSTILE)] }],
      incidents: [
        {
          ...base.incidents[0]!,
          affected: [HOSTILE],
          updates: [{ status: 'investigating', message: HOSTILE, at: '2026-11-24T00:06:00.000Z' }],
          postmortem: HOSTILE,
        },
      ],
      maintenance: [{ ...base.maintenance[0]!, name: HOSTILE, affected: [HOSTILE] }],
    });
    const html = renderStatusPage(view, { ...OPTS, subscriptions: true });
    assert.doesNotMatch(html, /<script>alert/);
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /"x"\)/);
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;q&#39;';
    // title, meta, h1, desc, feed link title, section, name, aria-label, affected, message,
    // postmortem, maintenance name and affected, footer
    assert.ok(html.split(escaped).length - 1 >= 13, 'each hostile text appears escaped');
    // Only the page's own script tag.
    assert.equal(html.match(/<script/g)?.length, 1);
  });

  test('the subscribe form is there exactly as the subscription handler expects, only when asked', () => {
    assert.doesNotMatch(renderStatusPage(samplePage(), OPTS), /<form/);
    const html = renderStatusPage(samplePage(), { ...OPTS, subscriptions: true });
    assert.match(
      html,
      /<form class="subscribe" method="post" action="\/status\/acme\/subscribe">\s*<label for="subscribe-email">[^<]+<\/label><input id="subscribe-email" type="email" name="email" required>\s*<button type="submit">Subscribe<\/button><\/form>/,
    );
  });

  test('no inline style or script anywhere (the CSP forbids them)', () => {
    const html = renderStatusPage(samplePage(), { ...OPTS, subscriptions: true });
    assert.doesNotMatch(html, /\sstyle=/);
    assert.doesNotMatch(html, /<style/);
    assert.doesNotMatch(html, /\son[a-z]+=/);
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)/);
  });
});

describe('renderNotFound', () => {
  test('a page in the same look that names nothing', () => {
    const html = renderNotFound('/status-assets/v1');
    assert.match(html, /<title>Status page not found<\/title>/);
    assert.match(html, /<link rel="stylesheet" href="\/status-assets\/v1\/status\.css">/);
    assert.doesNotMatch(html, /<script/);
  });
});

describe('renderFeed', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    htmlEntities: true,
    attributeNamePrefix: '@',
    isArray: (n) => n === 'entry' || n === 'link',
  });
  type Entry = {
    id: string;
    title: string;
    updated: string;
    published: string;
    content: { '#text': string; '@type': string };
    link: { '@href': string }[];
  };

  test('is Atom 1.0 with stable tag: ids, updated times and escaped content', () => {
    const xml = renderFeed(samplePage(), 'https://status.example.com/');
    assert.equal(XMLValidator.validate(xml), true);
    const { feed } = parser.parse(xml) as { feed: Record<string, unknown> & { entry: Entry[] } };
    assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
    assert.equal(feed.id, 'tag:status.example.com,2026:status/acme/feed');
    assert.equal(feed.title, 'Acme status: incidents and maintenance');
    assert.equal(feed.updated, '2026-11-24T00:20:00.000Z');
    assert.deepEqual(
      (feed.link as { '@rel': string; '@href': string }[]).map((l) => [l['@rel'], l['@href']]),
      [
        ['self', 'https://status.example.com/status/acme/feed.atom'],
        ['alternate', 'https://status.example.com/status/acme'],
      ],
    );
    assert.deepEqual(
      feed.entry.map((e) => [e.id, e.updated]),
      [
        ['tag:status.example.com,2026:status/acme/incident/41', '2026-11-24T00:20:00.000Z'],
        [
          'tag:status.example.com,2026:status/acme/maintenance/7-2026-11-24T00%3A00%3A00.000Z',
          '2026-11-24T00:00:00.000Z',
        ],
        [
          'tag:status.example.com,2026:status/acme/maintenance/8-2026-11-27T08%3A00%3A00.000Z',
          '2026-11-24T00:00:00.000Z',
        ],
        ['tag:status.example.com,2026:status/acme/incident/40', '2026-11-22T11:00:00.000Z'],
      ],
    );
    const open = feed.entry[0]!;
    assert.equal(open.title, 'Ongoing: API');
    assert.equal(open.published, '2026-11-24T00:05:00.000Z');
    assert.equal(open.link[0]?.['@href'], 'https://status.example.com/status/acme#incident-41');
    assert.equal(open.content['@type'], 'html');
    assert.match(
      open.content['#text'],
      /<strong>Identified<\/strong> \(2026-11-24 00:20 UTC\): A bad deploy/,
    );
    assert.match(feed.entry[3]!.content['#text'], /<h4>Postmortem<\/h4><p>Disk full on one node\.<\/p>/);
  });

  test('entry ids stay the same when the incident changes', () => {
    const a = renderFeed(samplePage(), 'https://s.example.com');
    const v = samplePage();
    v.incidents[0]!.updates.push({
      status: 'monitoring',
      message: 'Fix deployed',
      at: '2026-11-24T00:40:00.000Z',
    });
    const b = renderFeed(v, 'https://s.example.com');
    const ids = (xml: string) => [...xml.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    assert.deepEqual(ids(a), ids(b));
    assert.match(b, /<updated>2026-11-24T00:40:00.000Z<\/updated>/);
  });

  test('hostile text and characters XML forbids still make a well-formed feed that says the text', () => {
    const base = samplePage();
    const message = `${HOSTILE} ]]> \u0001\u000b end`;
    const view = samplePage({
      title: HOSTILE,
      incidents: [
        {
          ...base.incidents[0]!,
          affected: [HOSTILE],
          updates: [{ status: 'investigating', message, at: '2026-11-24T00:06:00.000Z' }],
        },
      ],
      maintenance: [],
    });
    const xml = renderFeed(view, 'http://127.0.0.1:3000');
    assert.equal(XMLValidator.validate(xml), true);
    assert.doesNotMatch(xml, /<script|<img/);
    const { feed } = parser.parse(xml) as { feed: { title: string; entry: Entry[] } };
    assert.equal(feed.title, `${HOSTILE}: incidents and maintenance`);
    assert.equal(feed.entry[0]!.title, `Ongoing: ${HOSTILE}`);
    // The content is HTML in which the message is text: escaped once more inside.
    assert.match(
      feed.entry[0]!.content['#text'],
      /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;.* \]\]&gt; {2}end/,
    );
  });
});

describe('the live script agrees with the server renderer', () => {
  test('same words, bands and formats', async () => {
    const path = new URL('../../src/public-face/status-pages/assets/status-labels.js', import.meta.url).href;
    const js = (await import(path)) as Record<string, unknown> & {
      barClass: typeof labels.barClass;
      barLabel: typeof labels.barLabel;
      formatPercent: typeof labels.formatPercent;
      formatTime: typeof labels.formatTime;
    };
    assert.deepEqual(js.OVERALL_LABELS, labels.OVERALL_LABELS);
    assert.deepEqual(js.STATE_LABELS, labels.STATE_LABELS);
    assert.deepEqual(js.UPDATE_LABELS, labels.UPDATE_LABELS);
    for (const u of [null, 0, 12.5, 94.99, 95, 98.99, 99, 99.89, 99.9, 100]) {
      for (const m of [false, true]) {
        assert.equal(js.barClass(u, m), labels.barClass(u, m));
        assert.equal(js.barLabel('2026-11-24', u, m), labels.barLabel('2026-11-24', u, m));
      }
      assert.equal(js.formatPercent(u), labels.formatPercent(u));
    }
    assert.equal(js.formatTime('2026-11-24T00:30:59.000Z'), labels.formatTime('2026-11-24T00:30:59.000Z'));
    assert.deepEqual(
      daysEnding('2026-01-02', 2, () => ({ uptime: 1 })).map((d) => d.date),
      ['2026-01-01', '2026-01-02'],
    );
  });
});
