import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { finishOidcLogin, OidcRefusal, startOidcLogin } from '../../identity/auth/oidc/oidc-login.js';
import { clearStateCookie, setStateCookie, stateCookieOf } from '../../identity/auth/oidc/state-cookie.js';
import { setRefreshCookie } from '../../identity/auth/refresh-cookie.js';
import { problems } from '../../platform/http/schemas.js';
import { SignInProviders as Providers } from '../../shared-types/auth-shapes.js';

const tags = ['auth'];

const Redirect = Type.Null({ description: 'Redirect (Location header)' });

/**
 * Back to the sign-in page with a short reason code: the browser came through a redirect, so a
 * problem document would be a bare JSON page. The code is all the address carries.
 */
function toSignInPage(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  const code = e instanceof OidcRefusal ? e.code : 'failed';
  if (!(e instanceof OidcRefusal)) req.log.error({ err: e }, 'OIDC sign-in failed');
  clearStateCookie(req, reply);
  return reply.code(302).header('location', `/?sso_error=${code}`).send(null);
}

/** Which ways to sign in exist, and the single sign-on round trip (start, callback). */
export function oidcRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settings = ctx.config.oidc;
    const needOidc = () => {
      if (!settings) throw errors.not_found('Single sign-on is not configured on this monitor.');
      return settings;
    };
    app.get(
      '/api/auth/providers',
      { config: { auth: { role: 'public' } }, schema: { tags, response: { 200: Providers } } },
      async () => ({
        password_login: ctx.config.passwordLogin,
        oidc: settings ? { name: settings.displayName } : null,
      }),
    );
    app.get(
      '/api/auth/oidc/start',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, response: { 302: Redirect, ...problems(404) } },
      },
      async (req, reply) => {
        const s = needOidc();
        try {
          const { url, state } = await startOidcLogin(ctx, s, req);
          setStateCookie(req, reply, state);
          return reply.code(302).header('location', url).send(null);
        } catch (e) {
          return toSignInPage(req, reply, e);
        }
      },
    );
    app.get(
      '/api/auth/oidc/callback',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, response: { 302: Redirect, ...problems(404) } },
      },
      async (req, reply) => {
        const s = needOidc();
        try {
          const { pair } = await finishOidcLogin(ctx, s, req, stateCookieOf(req));
          // As a browser's password sign-in: the refresh token in the httpOnly cookie only; the
          // dashboard trades it for an access token when it loads. Nothing goes in the address.
          clearStateCookie(req, reply);
          setRefreshCookie(req, reply, pair.refresh_token);
          return reply.code(302).header('location', '/').send(null);
        } catch (e) {
          return toSignInPage(req, reply, e);
        }
      },
    );
  };
}
