import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import {
  changePassword,
  login,
  logout,
  type TokenPair as Pair,
  refresh,
} from '../../identity/auth/auth-service.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { mfaEnrolmentRequired } from '../../identity/auth/mfa-enrolment-gate.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../../identity/auth/refresh-cookie.js';
import { completeMfaLogin } from '../../identity/two-factor/mfa-login.js';
import { NoContent, problems } from '../../platform/http/schemas.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import {
  ChangePasswordBody,
  LoginAnswer,
  LoginBody,
  Me,
  MfaLoginBody,
  RefreshBody,
  TokenPair,
} from './schema.js';

const tags = ['auth'];

// A browser refreshing or signing out with its cookie has nothing to send: no body means `{}`.
const emptyBodyIsObject = async (req: FastifyRequest) => {
  req.body ??= {};
};

/**
 * Answers with a token pair the way the client keeps its refresh token: in the JSON body, or (for
 * browsers) in the httpOnly cookie only, so no script on the page ever sees it.
 */
function answer(req: FastifyRequest, reply: FastifyReply, pair: Pair, transport: 'body' | 'cookie') {
  if (transport === 'body') return pair;
  setRefreshCookie(req, reply, pair.refresh_token);
  const { refresh_token: _kept, ...rest } = pair;
  return rest;
}

/** Sign-in, token refresh, sign-out, identity and password change. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/auth/login',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, body: LoginBody, response: { 200: LoginAnswer, ...problems(400, 401, 422, 429) } },
      },
      async (req, reply) => {
        const result = await login(ctx, req, req.body.username, req.body.password);
        // The challenge carries no session: the transport applies to the pair of the second step.
        if ('mfa_required' in result) return result;
        return answer(req, reply, result, req.body.refresh_transport ?? 'body');
      },
    );
    app.post(
      '/api/auth/login/mfa',
      {
        config: { auth: { role: 'public' } },
        schema: {
          tags,
          summary: 'Second sign-in step: a current code or a recovery code',
          body: MfaLoginBody,
          response: { 200: TokenPair, ...problems(400, 401, 422, 429) },
        },
      },
      async (req, reply) =>
        answer(req, reply, await completeMfaLogin(ctx, req, req.body), req.body.refresh_transport ?? 'body'),
    );
    app.post(
      '/api/auth/refresh',
      {
        config: { auth: { role: 'public' } },
        preValidation: emptyBodyIsObject,
        schema: { tags, body: RefreshBody, response: { 200: TokenPair, ...problems(400, 401, 422) } },
      },
      async (req, reply) => {
        // The token comes back the way it came: a body token from API clients, the cookie from browsers.
        const fromBody = req.body?.refresh_token;
        const token = fromBody ?? refreshCookieOf(req);
        const transport = fromBody ? 'body' : 'cookie';
        try {
          if (!token) throw errors.invalid_token('Send refresh_token, or the refresh cookie of a sign-in.');
          return answer(req, reply, await refresh(ctx, req, token), transport);
        } catch (e) {
          // A refused cookie is useless to the browser: drop it so it stops being sent.
          if (transport === 'cookie') clearRefreshCookie(req, reply);
          throw e;
        }
      },
    );
    app.post(
      '/api/auth/logout',
      {
        config: { auth: { role: 'public' } },
        preValidation: emptyBodyIsObject,
        schema: { tags, body: RefreshBody, response: { 204: NoContent, ...problems(400, 422, 429) } },
      },
      async (req, reply) => {
        await logout(ctx, req, req.body?.refresh_token ?? refreshCookieOf(req));
        if (refreshCookieOf(req)) clearRefreshCookie(req, reply);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/auth/me',
      {
        config: { auth: { role: 'viewer', duringPasswordChange: true, duringMfaEnrolment: true } },
        schema: { tags, security: [{ bearer: [] }], response: { 200: Me, ...problems(401) } },
      },
      async (req) => {
        const p = principalOf(req);
        const u = (await usersRepo.byId(ctx.db, p.userId))!;
        return {
          id: u.id,
          username: u.username,
          email: u.email,
          role: u.role,
          must_change_password: u.must_change_password === 1,
          auth_method: p.kind === 'api_key' ? ('api_key' as const) : ('jwt' as const),
          account_type: u.account_type,
          two_factor_enabled: u.two_factor_enabled_at !== null,
          // API keys are never gated, so for them nothing is required.
          mfa_enrolment_required:
            p.kind === 'user' &&
            u.two_factor_enabled_at === null &&
            (await mfaEnrolmentRequired(ctx, u.role)),
        };
      },
    );
    app.post(
      '/api/auth/change-password',
      {
        config: {
          auth: { role: 'viewer', jwtOnly: true, duringPasswordChange: true, duringMfaEnrolment: true },
        },
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ChangePasswordBody,
          response: { 200: TokenPair, ...problems(400, 401, 403, 422, 429) },
        },
      },
      async (req, reply) => {
        const pair = await changePassword(
          ctx,
          req,
          principalOf(req).userId,
          req.body.current_password,
          req.body.new_password,
        );
        // A browser session (it sent its cookie, the path covers this route) keeps its token there.
        return answer(req, reply, pair, refreshCookieOf(req) ? 'cookie' : 'body');
      },
    );
  };
}
