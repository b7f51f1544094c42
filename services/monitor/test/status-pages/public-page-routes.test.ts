import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { assertSecurityHeaders, testDatabases } from '@app/kit/testing';
import { XMLValidator } from 'fast-xml-parser';
import { publicViewCache } from '../../src/public-face/status-pages/public-view-cache.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { closedPort, type HttpTarget, startHttpTarget } from '../peers/index.js';
import { createMonitor, createPage, statusOf } from './page-fixture.js';

// Texts that must never reach a public page: the monitors' addresses, headers and errors, and
// everything about a monitor the page does not show.
const SECRET_PATH = 'private-path-zq9';
const SECRET_HEADER = 'X-Private-Header-Zq9';
const SECRET_HEADER_VALUE = 'header-value-zq9';
const HIDDEN_NAME = 'Hidden-Monitor-Q7';

for (const target of await testDatabases()) {
  describe(`public status page routes on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let peer: HttpTarget;
    let refused: number;
    let downId: number;
    let hiddenId: number;
    let assetBase: string;

    before(async () => {
      h = await startHarness(target);
      peer = await startHttpTarget();
      refused = await closedPort();
      const upId = await createMonitor(h, {
        name: 'Website <b>&</b>',
        url: `${peer.origin}/${SECRET_PATH}?status=200`,
        headers: { [SECRET_HEADER]: SECRET_HEADER_VALUE },
      });
      downId = await createMonitor(h, {
        name: 'Checkout',
        url: `http://127.0.0.1:${refused}/${SECRET_PATH}`,
        headers: { [SECRET_HEADER]: SECRET_HEADER_VALUE },
      });
      hiddenId = await createMonitor(h, {
        name: HIDDEN_NAME,
        url: `${peer.origin}/${SECRET_PATH}?status=500`,
      });
      await waitFor('checks done', async () =>
        (await statusOf(h, upId)) === 'up' &&
        (await statusOf(h, downId)) === 'down' &&
        (await statusOf(h, hiddenId)) === 'down'
          ? true
          : undefined,
      );
      await createPage(h, {
        slug: 'acme',
        title: 'Acme status',
        description: 'Our services',
        footer: 'Run by Acme',
        sections: [
          { name: 'Web', monitor_ids: [upId] },
          { name: 'Shop', monitor_ids: [downId] },
        ],
      });
      await createPage(h, {
        slug: 'secret',
        is_public: false,
        sections: [{ name: 'X', monitor_ids: [hiddenId] }],
      });
      const page = await h.call('GET', '/status/acme');
      assetBase = /href="(\/status-assets\/[a-f0-9]+)\/status\.css"/.exec(page.body)?.[1] ?? '';
    });
    after(async () => {
      await h?.stop();
      await peer?.close();
    });

    test('GET /status/{slug} answers the page as HTML with revalidation headers and the strict CSP', async () => {
      const res = await h.call('GET', '/status/acme');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=0, must-revalidate');
      assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{27}\.[a-z0-9]+"$/);
      assertSecurityHeaders(res.headers as Record<string, string>, 'status page');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self';\s*style-src 'self'/);
      assert.match(res.body, /<h1>Acme status<\/h1>/);
      assert.match(res.body, /<span class="mon-name">Website &lt;b&gt;&amp;&lt;\/b&gt;<\/span>/);
      assert.match(res.body, /<span class="mon-name">Checkout<\/span>[\s\S]*?state-down">Down</);
      assert.match(res.body, /class="banner banner-(partial_outage|major_outage)"/);
      assert.match(
        res.body,
        /<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/status\/acme\/feed\.atom">/,
      );
      assert.match(assetBase, /^\/status-assets\/[a-f0-9]{12}$/);
    });

    test('a repeated request is a 304 on its ETag, and gzip is served to clients that take it', async () => {
      const first = await h.call('GET', '/status/acme');
      const etag = String(first.headers.etag);
      const again = await h.server.app.inject({
        method: 'GET',
        url: '/status/acme',
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const gz = await h.server.app.inject({
        method: 'GET',
        url: '/status/acme',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      assert.equal(gz.statusCode, 200);
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gz.headers.vary, 'accept-encoding');
      assert.equal(gunzipSync(gz.rawPayload).toString('utf8'), first.body);
      const head = await h.server.app.inject({ method: 'HEAD', url: '/status/acme' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
    });

    test('a rebuilt view with nothing new reuses the rendering with only the time changed', async () => {
      const before = await h.call('GET', '/status/acme');
      publicViewCache(h.server.ctx).invalidate('acme');
      const after = await h.call('GET', '/status/acme');
      const time = /<time id="updated-at" datetime="([^"]+)">([^<]+)<\/time>/;
      const strip = (b: string) => b.replace(time, '');
      assert.equal(strip(after.body), strip(before.body));
      assert.match(after.body, time);
      const [, iso, shown] = time.exec(after.body)!;
      assert.equal(shown, `${iso!.slice(0, 16).replace('T', ' ')} UTC`);
      const core = (e: unknown) => String(e).split('.')[0];
      assert.equal(core(after.headers.etag), core(before.headers.etag));
    });

    test('a new page shows the checks of the hour in progress at once, in its bars, uptime and JSON', async () => {
      // The monitors were checked moments ago: nothing of this hour is rolled up.
      const today = new Date().toISOString().slice(0, 10);
      const json = (await h.call('GET', '/api/public/status-pages/acme')).json();
      const [web, shop] = [json.sections[0].monitors[0], json.sections[1].monitors[0]];
      assert.deepEqual(
        [web.uptime_percent, web.days.at(-1), shop.uptime_percent, shop.days.at(-1)],
        [
          100,
          { date: today, uptime_percent: 100, maintenance: false },
          0,
          { date: today, uptime_percent: 0, maintenance: false },
        ],
      );
      assert.ok(web.days.slice(0, -1).every((d: { uptime_percent: unknown }) => d.uptime_percent === null));
      const page = (await h.call('GET', '/status/acme')).body;
      const row = (name: string) => {
        const at = page.indexOf(`<span class="mon-name">${name}</span>`);
        assert.ok(at >= 0, name);
        return page.slice(at, page.indexOf('</li>', at));
      };
      for (const [name, pct, band] of [
        ['Website &lt;b&gt;&amp;&lt;/b&gt;', '100.00%', 'b b4'],
        ['Checkout', '0.00%', 'b b0'],
      ]) {
        assert.match(row(name!), new RegExp(`<span class="mon-uptime"[^>]*>${pct}</span>`));
        assert.match(
          row(name!),
          new RegExp(`<i class="${band}" role="img" title="${today}: ${pct} uptime"></i></div>`),
        );
      }
    });

    test('unknown, non-public and malformed slugs, and other paths under /status, get the same 404 page', async () => {
      const unknown = await h.server.app.inject({ method: 'GET', url: '/status/nope' });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(unknown.body, /<title>Status page not found<\/title>/);
      assert.match(unknown.body, new RegExp(`href="${assetBase}/status.css"`));
      assertSecurityHeaders(unknown.headers as Record<string, string>, '404 page');
      for (const url of [
        '/status/secret',
        '/status/ACME',
        '/status/a%3Cb',
        '/status',
        '/status/acme/nope/x',
        '/status/secret/feed.atom',
        '/status/nope/feed.atom',
      ]) {
        const res = await h.server.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', url);
        assert.equal(res.body, unknown.body, url);
      }
    });

    test('the Atom feed is XML of the right type with a short public cache', async () => {
      const res = await h.server.app.inject({
        method: 'GET',
        url: '/status/acme/feed.atom',
        headers: { host: 'status.example.org' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/atom+xml; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      assert.ok(res.headers.etag);
      assert.equal(XMLValidator.validate(res.body), true);
      assert.match(res.body, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
      assert.match(
        res.body,
        /<link rel="self" type="application\/atom\+xml" href="http:\/\/status.example.org\/status\/acme\/feed.atom"\/>/,
      );
    });

    test('assets: versioned URLs are immutable, plain ones revalidate, both answer 304 on their ETag', async () => {
      const css = await h.server.app.inject({ method: 'GET', url: `${assetBase}/status.css` });
      assert.equal(css.statusCode, 200);
      assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
      assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(css.body, /prefers-color-scheme: dark/);
      const js = await h.server.app.inject({ method: 'GET', url: `${assetBase}/status.js` });
      assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.match(js.body, /\/api\/public\/status-pages\//);
      const plain = await h.server.app.inject({ method: 'GET', url: '/status-assets/status.css' });
      assert.equal(plain.headers['cache-control'], 'no-cache');
      assert.equal(plain.body, css.body);
      const old = await h.server.app.inject({ method: 'GET', url: '/status-assets/000000000000/status.css' });
      assert.equal(old.headers['cache-control'], 'no-cache');
      const cached = await h.server.app.inject({
        method: 'GET',
        url: `${assetBase}/status.css`,
        headers: { 'if-none-match': String(css.headers.etag) },
      });
      assert.equal(cached.statusCode, 304);
      for (const url of [
        `${assetBase}/nope.js`,
        '/status-assets/nope.css',
        '/status-assets/a/b/c',
        '/status-assets/x%2F..%2Fstatus.css',
      ]) {
        const res = await h.server.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.doesNotMatch(String(res.headers['content-type']), /text\/html/, url);
      }
    });

    test('privacy: neither page nor feed names a monitor off the page, or any address, header or error', async () => {
      const page = (await h.call('GET', '/status/acme')).body;
      const feed = (await h.call('GET', '/status/acme/feed.atom')).body;
      const results = (await h.call('GET', `/api/check-results?monitor_id=${downId}&limit=5`)).json() as {
        error: string | null;
      }[];
      const errors = results.map((r) => r.error).filter((e): e is string => !!e);
      assert.ok(errors.length > 0, 'the down monitor has error texts to look for');
      for (const [what, body] of [
        ['page', page],
        ['feed', feed],
      ] as const) {
        for (const secret of [
          HIDDEN_NAME,
          SECRET_PATH,
          SECRET_HEADER,
          SECRET_HEADER_VALUE,
          peer.origin,
          `127.0.0.1:${peer.port}`,
          `127.0.0.1:${refused}`,
          'ECONNREFUSED',
          ...errors,
        ]) {
          assert.ok(!body.toLowerCase().includes(secret.toLowerCase()), `${what} must not contain ${secret}`);
        }
        assert.doesNotMatch(body, new RegExp(`monitor[_-]?id|/api/monitors/${downId}\\b`));
      }
    });
  });
}
