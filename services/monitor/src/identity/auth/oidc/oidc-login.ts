import { randomUUID } from 'node:crypto';
import type { Logger } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { writeAudit } from '../../../platform/audit/audit.js';
import { decryptSecret, encryptSecret } from '../../../platform/crypto/secret-box.js';
import { refundSlot, type ThrottleDeps, takeSlot } from '../../../platform/throttle/throttle.js';
import { oidcLoginsRepo } from '../../../store/repos/oidc-logins-repo.js';
import type { UserRow } from '../../../store/repos/users-repo.js';
import type { TokenPair } from '../auth-service.js';
import { sameDigest, sha256 } from '../secrets.js';
import { type Claims, mappedRole } from './oidc-claims.js';
import { oidcConfiguration } from './oidc-client.js';
import type { OidcSettings } from './oidc-settings.js';
import { type OidcUsersDeps, signInOidcUser } from './oidc-users.js';

/**
 * What a single sign-on uses: the throttle, the key that seals the PKCE verifier, the log, and
 * what signing the user in needs.
 */
export type OidcLoginDeps = ThrottleDeps &
  OidcUsersDeps & {
    keys: { encryption: Buffer };
    config: { loginMaxFailures: number };
    log: Pick<Logger, 'warn'>;
  };

/** How long the provider may take to send the user back. */
export const PENDING_SECONDS = 600;

/**
 * Why a sign-in was refused; the code goes to the sign-in page's address (`?sso_error=`), where
 * the dashboard turns it into a sentence. Never a token, never the provider's own words.
 */
export type RefusalCode =
  | 'state'
  | 'provider_error'
  | 'provider_unavailable'
  | 'code_rejected'
  | 'no_role'
  | 'signup_disabled'
  | 'username_taken'
  | 'rate_limited'
  | 'failed';

export class OidcRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts a sign-in: a fresh state, nonce and PKCE verifier, kept (state hashed, verifier
 * encrypted) for PENDING_SECONDS. Returns the provider's authorization address and the state,
 * which the browser keeps in a cookie so that only the browser that started can finish.
 */
export async function startOidcLogin(deps: OidcLoginDeps, settings: OidcSettings, req: FastifyRequest) {
  await throttle(deps, req, 'start');
  const config = await oidcConfiguration(settings).catch((e: unknown) => {
    deps.log.warn({ err: e, issuer: settings.issuer }, 'the OIDC provider did not answer its discovery');
    throw new OidcRefusal('provider_unavailable', 'The sign-in provider cannot be reached.');
  });
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const now = Date.now();
  await oidcLoginsRepo.deleteExpired(deps.db, now);
  await oidcLoginsRepo.insert(deps.db, {
    state_hash: sha256(state),
    nonce,
    code_verifier: encryptSecret(deps.keys.encryption, verifier),
    created_at: now,
    expires_at: now + PENDING_SECONDS * 1000,
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

// Each start stores a row and each refused callback an audit entry: both are counted per address
// like failed sign-ins (a finished sign-in gives its places back), so nobody can flood either.
const IP_BUDGET_FACTOR = 5;
const throttleKey = (req: FastifyRequest, step: 'start' | 'callback') => `oidc-${step}|${req.ip}`;

async function throttle(deps: OidcLoginDeps, req: FastifyRequest, step: 'start' | 'callback') {
  const { retryAfter } = await takeSlot(
    deps,
    throttleKey(req, step),
    deps.config.loginMaxFailures * IP_BUDGET_FACTOR,
  );
  if (retryAfter > 0)
    throw new OidcRefusal('rate_limited', 'Too many single sign-on attempts from this address.');
}

async function refuse(
  deps: OidcLoginDeps,
  req: FastifyRequest,
  code: RefusalCode,
  message: string,
  detail = {},
) {
  await writeAudit(deps.db, req, {
    action: 'auth.oidc_refused',
    resource_type: 'user',
    detail: { reason: code, ...detail },
  });
  return new OidcRefusal(code, message);
}

/**
 * Finishes a sign-in from the provider's redirect: the state must be the one this browser started
 * with (cookie) and still pending (spent here, once); the code is exchanged with the PKCE verifier
 * and the ID token checked (signature, issuer, audience, expiry, nonce). The role claim decides
 * the role at every sign-in. Returns a session for the user, created on first sign-in when allowed.
 */
export async function finishOidcLogin(
  deps: OidcLoginDeps,
  settings: OidcSettings,
  req: FastifyRequest,
  browserState: string | null,
): Promise<{ pair: TokenPair; user: UserRow }> {
  await throttle(deps, req, 'callback');
  const query = new URL(req.url, 'http://x').searchParams;
  const state = query.get('state');
  if (!state || !browserState || !sameDigest(state, browserState))
    throw await refuse(deps, req, 'state', 'This sign-in was not started by this browser, or has expired.');
  const pending = await oidcLoginsRepo.consume(deps.db, sha256(state), Date.now());
  if (!pending) throw await refuse(deps, req, 'state', 'This sign-in has expired or was already used.');
  if (query.has('error'))
    throw await refuse(deps, req, 'provider_error', 'The provider did not sign you in.', {
      error: query.get('error')?.slice(0, 100),
    });
  const config = await oidcConfiguration(settings).catch(() => {
    throw new OidcRefusal('provider_unavailable', 'The sign-in provider cannot be reached.');
  });
  // The registered redirect URI with the query as received: never the Host header's idea of it.
  const current = new URL(`${settings.redirectUri}?${query}`);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: decryptSecret(deps.keys.encryption, pending.code_verifier),
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (e) {
    const reason =
      e instanceof client.ResponseBodyError ? e.error : e instanceof Error ? e.message : 'unknown';
    throw await refuse(deps, req, 'code_rejected', 'The provider did not confirm this sign-in.', {
      error: reason.slice(0, 200),
    });
  }
  const claims: Claims = { ...tokens.claims() };
  if (
    claims[settings.roleClaim.split('.')[0]!] === undefined &&
    tokens.access_token &&
    config.serverMetadata().userinfo_endpoint
  ) {
    // Many providers put groups in the userinfo answer only, not in the ID token.
    const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    Object.assign(claims, info, { iss: claims.iss, sub: claims.sub });
  }
  const role = mappedRole(settings, claims);
  const who = { issuer: String(claims.iss), subject: String(claims.sub) };
  if (!role)
    throw await refuse(deps, req, 'no_role', 'Your account at the provider has no role in this monitor.', {
      ...who,
      claim: settings.roleClaim,
    });
  const outcome = await signInOidcUser(deps, settings, req, { claims, role, familyId: randomUUID() });
  if (typeof outcome === 'string') {
    const message =
      outcome === 'signup_disabled'
        ? 'This monitor does not create accounts at sign-in; ask an administrator.'
        : 'No free username could be found for this account.';
    throw await refuse(deps, req, outcome, message, who);
  }
  await refundSlot(deps.db, throttleKey(req, 'start'));
  await refundSlot(deps.db, throttleKey(req, 'callback'));
  return outcome;
}
