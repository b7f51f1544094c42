import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small site on loopback for the journey tests (issue 32): a login form setting a session cookie,
 * a dashboard showing the user's balance, a JSON API (login returning a token, an account read with
 * it) and a page that fails with a 500 on demand (`failing = true`).
 */
export interface JourneySite {
  url: string;
  /** The one account: user `alice`, this password. */
  password: string;
  /** The balance shown on the dashboard and returned by the API. */
  balance: string;
  /** While true (or with `?fail` in the URL), /dashboard answers 500. */
  failing: boolean;
  /** Requests seen, by path (the tests check what reached the site). */
  hits: Map<string, number>;
  /** Resolves once `path` has been requested (at once if it was already). */
  reached(path: string): Promise<void>;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startJourneySite(password = 'site-pass-5b2e71'): Promise<JourneySite> {
  const sessions = new Set<string>();
  const events = new EventEmitter();
  const tokens = new Set<string>();
  const site: JourneySite = {
    url: '',
    password,
    balance: '42.50',
    failing: false,
    hits: new Map(),
    reached: (path) =>
      site.hits.has(path)
        ? Promise.resolve()
        : new Promise((resolve) => {
            const on = (p: string) => {
              if (p !== path) return;
              events.off('hit', on);
              resolve();
            };
            events.on('hit', on);
          }),
    close: () => new Promise((r) => server.close(() => r())),
  };
  const session = (req: IncomingMessage) => /(?:^|;\s*)sid=([a-f0-9]+)/.exec(req.headers.cookie ?? '')?.[1];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://site');
    site.hits.set(url.pathname, (site.hits.get(url.pathname) ?? 0) + 1);
    events.emit('hit', url.pathname);
    const html = (status: number, title: string, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(title, body));
    };
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (url.pathname === '/login' && req.method === 'GET') {
      return html(
        200,
        'Sign in',
        `<form method="post" action="/login"><input name="user" id="user"><input name="pass" id="pass" type="password">
         <select id="lang" name="lang"><option value="en">English</option><option value="fr">Français</option></select>
         <button id="go" type="submit">Sign in</button></form><script>console.error('login page console error')</script>`,
      );
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('user') !== 'alice' || form.get('pass') !== password) {
        return html(401, 'Sign in', '<p id="error">Wrong user name or password</p>');
      }
      const sid = randomBytes(8).toString('hex');
      sessions.add(sid);
      res.writeHead(303, { location: '/dashboard', 'set-cookie': `sid=${sid}; HttpOnly; Path=/` }).end();
      return;
    }
    if (url.pathname === '/dashboard') {
      if (site.failing || url.searchParams.has('fail')) return html(500, 'Error', '<h1>Internal error</h1>');
      const sid = session(req);
      if (!sid || !sessions.has(sid)) {
        res.writeHead(302, { location: '/login' }).end();
        return;
      }
      return html(
        200,
        'Dashboard',
        `<h1>Welcome alice</h1><p>Balance: <span id="balance">${site.balance}</span></p><img src="/tracker.gif">`,
      );
    }
    if (url.pathname === '/tracker.gif') return json(404, { error: 'no tracker here' });
    // Never answers: a check in the middle of loading it is "during a browser check" for the kill test.
    if (url.pathname === '/hang') return;
    if (url.pathname === '/api/login' && req.method === 'POST') {
      let body: { user?: string; password?: string } = {};
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(400, { error: 'not JSON' });
      }
      if (body.user !== 'alice' || body.password !== password) return json(401, { error: 'bad credentials' });
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return json(200, { token, user: { name: 'alice' } });
    }
    if (url.pathname === '/api/account') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return json(401, { error: 'no token' });
      res.setHeader('x-request-id', 'req-1');
      return json(200, { name: 'alice', balance: site.balance });
    }
    return json(404, { error: 'not found' });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}
