import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { listSessions, revokeOtherSessions, revokeSession } from '../../identity/auth/sessions-service.js';
import { NoContent, problems } from '../../platform/http/schemas.js';
import { RevokedCount, Session, SessionParams } from './schema.js';

const tags = ['auth'];
const security = [{ bearer: [] }];
// Ending sign-ins is a signed-in person's act, like minting credentials: API keys may only look.
const manage = { auth: { role: 'viewer' as const, jwtOnly: true } };

/** The caller's own sessions (sign-ins): list them, end one, end all but this one. */
export function sessionsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/auth/sessions',
      {
        config: { auth: { role: 'viewer' } },
        schema: { tags, security, response: { 200: Type.Array(Session), ...problems(401) } },
      },
      async (req) => listSessions(ctx, principalOf(req)),
    );
    app.delete(
      '/api/auth/sessions/:id',
      {
        config: manage,
        schema: {
          tags,
          security,
          params: SessionParams,
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await revokeSession(ctx, req, principalOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/auth/sessions/revoke-others',
      {
        config: manage,
        schema: { tags, security, response: { 200: RevokedCount, ...problems(401, 403) } },
      },
      async (req) => revokeOtherSessions(ctx, req, principalOf(req)),
    );
  };
}
