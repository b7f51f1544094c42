import * as client from 'openid-client';
import { isSafeIssuer, type OidcSettings } from './oidc-settings.js';

// Seconds for each request to the provider: a sign-in should fail with a message, not hang.
const PROVIDER_TIMEOUT = 10;

const discovered = new WeakMap<OidcSettings, Promise<client.Configuration>>();

/**
 * The provider's configuration (its discovery document, keys fetched on use), read on the first
 * sign-in and kept: the service starts even while the provider is down. A failed discovery is
 * forgotten, so the next sign-in tries again.
 */
export function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  let pending = discovered.get(settings);
  if (!pending) {
    pending = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { redirect_uris: [settings.redirectUri], response_types: ['code'] },
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT,
        // Plain http is accepted only for a provider on this machine (checked at start as well).
        execute:
          isSafeIssuer(settings.issuer) && settings.issuer.startsWith('http:')
            ? [client.allowInsecureRequests]
            : [],
      },
    );
    discovered.set(settings, pending);
    pending.catch(() => discovered.delete(settings));
  }
  return pending;
}
