import assert from 'node:assert/strict';
import { freePort, type TestDatabaseTarget } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import type { CookieClient, Hop } from './cookie-client.js';
import { CLIENT, startTestIdp, type TestIdp } from './test-idp.js';

export const ROLE_MAP = 'monitor-admins:admin,ops:viewer,monitor-owners:superadmin';

/** A test IdP and a monitor (listening on loopback) configured against it. */
export interface OidcWorld {
  idp: TestIdp;
  monitor: TestServer;
  base: string;
  /** Start → the IdP's page → sign in as `account` → the callback address, not yet requested. */
  toCallback(client: CookieClient, account: string): Promise<URL>;
  /** The callback requested: the monitor's answer (a redirect). */
  finish(client: CookieClient, callback: URL): Promise<Hop>;
  /** Trades the browser's refresh cookie for an access token, as the dashboard does on load. */
  accessToken(client: CookieClient): Promise<string>;
  stop(): Promise<void>;
}

export async function startOidcWorld(target: TestDatabaseTarget, env: Record<string, string> = {}) {
  const idp = await startTestIdp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  idp.register(`${base}/api/auth/oidc/callback`);
  const monitor = await startTestServer(target, {
    PUBLIC_URL: base,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: ROLE_MAP,
    OIDC_SCOPES: 'openid profile email groups',
    OIDC_DISPLAY_NAME: 'Test IdP',
    ...env,
  });
  await monitor.app.listen({ port, host: '127.0.0.1' });
  const isCallback = (u: URL) => u.origin === base && u.pathname === '/api/auth/oidc/callback';

  const world: OidcWorld = {
    idp,
    monitor,
    base,
    async toCallback(client, account) {
      const start = await client.request(`${base}/api/auth/oidc/start`);
      assert.equal(start.res.status, 302, start.body);
      const { last: page } = await client.follow(start);
      assert.equal(page.res.status, 200, page.body);
      assert.match(page.url.pathname, /^\/interaction\//);
      const posted = await client.request(page.url, { form: { login: account } });
      const { next } = await client.follow(posted, isCallback);
      assert.ok(next, `the IdP did not send the browser back: ${posted.res.status} ${posted.body}`);
      return next;
    },
    finish: (client, callback) => client.request(callback),
    async accessToken(client) {
      const hop = await client.request(`${base}/api/auth/refresh`, { method: 'POST' });
      assert.equal(hop.res.status, 200, hop.body);
      const body = JSON.parse(hop.body) as { access_token: string; refresh_token?: string };
      assert.equal(body.refresh_token, undefined, 'a cookie session gets no refresh token in the body');
      return body.access_token;
    },
    async stop() {
      await monitor.stop();
      await idp.close();
    },
  };
  return world;
}

/** The sign-in page address a refused sign-in lands on, as `?sso_error=` code. */
export function refusalOf(hop: Hop): string | null {
  assert.equal(hop.res.status, 302, hop.body);
  const location = new URL(hop.res.headers.get('location') ?? '', hop.url);
  assert.equal(location.pathname, '/');
  return location.searchParams.get('sso_error');
}
