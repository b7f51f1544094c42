import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, login, logout, refresh } from '../../auth/auth-service.js';
import { principalOf } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import { NoContent, problems } from '../../http/schemas.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import { ChangePasswordBody, LoginBody, Me, RefreshBody, TokenPair } from './schema.js';

const tags = ['auth'];

/** Sign-in, token refresh, sign-out, identity and password change. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/auth/login',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, body: LoginBody, response: { 200: TokenPair, ...problems(400, 401, 422, 429) } },
      },
      (req) => login(ctx, req, req.body.username, req.body.password),
    );
    app.post(
      '/api/auth/refresh',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, body: RefreshBody, response: { 200: TokenPair, ...problems(400, 401, 422) } },
      },
      (req) => refresh(ctx, req, req.body.refresh_token),
    );
    app.post(
      '/api/auth/logout',
      {
        config: { auth: { role: 'public' } },
        schema: { tags, body: RefreshBody, response: { 204: NoContent, ...problems(400, 422) } },
      },
      async (req, reply) => {
        await logout(ctx, req, req.body.refresh_token);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/auth/me',
      {
        config: { auth: { role: 'viewer', duringPasswordChange: true } },
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
        };
      },
    );
    app.post(
      '/api/auth/change-password',
      {
        config: { auth: { role: 'viewer', jwtOnly: true, duringPasswordChange: true } },
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ChangePasswordBody,
          response: { 200: TokenPair, ...problems(400, 401, 403, 422) },
        },
      },
      (req) =>
        changePassword(ctx, req, principalOf(req).userId, req.body.current_password, req.body.new_password),
    );
  };
}
