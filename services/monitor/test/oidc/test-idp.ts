import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import escapeHtml from 'escape-html';
import Provider from 'oidc-provider';

/** What the test IdP says about an account: its claims (groups carries the role claim). */
export interface IdpAccount {
  preferred_username?: string;
  email?: string;
  groups?: string[];
}

export const CLIENT = { id: 'monitor-test', secret: 'idp-client-secret-5b2f' };

/**
 * A real OpenID provider (oidc-provider) on loopback, with a one-field sign-in page of its own:
 * type an account id and the provider signs that account in and grants the requested scopes.
 * `accounts` is read at every sign-in, so a test can change an account's groups between two.
 */
export interface TestIdp {
  issuer: string;
  accounts: Map<string, IdpAccount>;
  /** Registers the monitors' redirect URIs (known only once their addresses are). */
  register(...redirectUris: string[]): void;
  close(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

/**
 * Starts the provider's HTTP server on a free port first: its address is the issuer. The provider
 * itself is built on register(), when the client's redirect URI is known. `host` is the name in
 * the issuer (localhost by default: another site than the monitor's 127.0.0.1, as in real life).
 */
export async function startTestIdp(host = 'localhost'): Promise<TestIdp> {
  const accounts = new Map<string, IdpAccount>();
  let provider: Provider | null = null;

  async function interaction(req: IncomingMessage, res: ServerResponse, p: Provider) {
    const details = await p.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Test IdP</title><h1>Test IdP sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>Account <input name="login" autocomplete="off"></label>
<button type="submit">Continue at Test IdP</button></form>`,
      );
      return;
    }
    const accountId = (await readForm(req)).get('login') ?? '';
    if (!accounts.has(accountId)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('unknown account');
      return;
    }
    // Signed in and consented in one step: a grant of every scope the client asked for.
    const grant = new p.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      {
        mergeWithLastSubmission: false,
      },
    );
  }

  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res, provider).catch((e: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(e.message);
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-idp', use: 'sig', alg: 'RS256' };

  return {
    issuer,
    accounts,
    register(...redirectUris) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey as never] },
        cookies: { keys: ['test-idp-cookie-key'] },
        scopes: ['openid', 'profile', 'email', 'groups'],
        claims: {
          openid: ['sub'],
          profile: ['preferred_username'],
          email: ['email', 'email_verified'],
          groups: ['groups'],
        },
        pkce: { required: () => true },
        ttl: {
          AuthorizationCode: 60,
          IdToken: 600,
          AccessToken: 600,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
        findAccount: (_ctx, id) => {
          if (!accounts.has(id)) return undefined;
          return {
            accountId: id,
            claims: () => ({ sub: id, email_verified: true, ...accounts.get(id) }),
          };
        },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
