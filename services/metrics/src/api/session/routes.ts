import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccessGuard } from '../../platform/auth/access-guard.js';
import { problems } from '../../platform/http/schemas.js';
import { SessionState } from '../../shared-types/session-shape.js';

const tags = ['session'];

function state(guard: AccessGuard, req: Pick<FastifyRequest, 'headers'>, authenticated: boolean) {
  return {
    required: guard.required,
    authenticated,
    admin: authenticated && guard.isAdmin(req as FastifyRequest),
    admin_configured: guard.adminConfigured,
  };
}

/** The web UI's sign-in: trades the access token for a session cookie, and back out. */
export function sessionRoutes(guard: AccessGuard): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/session',
      {
        schema: {
          tags,
          summary: 'Whether a token is needed and whether this browser has a session',
          response: { 200: SessionState },
        },
      },
      async (req) => state(guard, req, guard.signedIn(req)),
    );
    app.post(
      '/api/session',
      {
        schema: {
          tags,
          summary: 'Sign in with the access token: sets an httpOnly, SameSite=Strict session cookie',
          body: Type.Object(
            { token: Type.String({ minLength: 1, maxLength: 1000 }) },
            { additionalProperties: false },
          ),
          response: { 200: SessionState, ...problems(400, 401, 415, 422, 429) },
        },
      },
      async (req, reply) => {
        guard.verify(req, req.body.token);
        guard.startSession(req, reply, req.body.token);
        // The cookie only counts from the next request: answer for the token just accepted.
        return state(guard, { headers: { authorization: `Bearer ${req.body.token}` } }, true);
      },
    );
    app.delete(
      '/api/session',
      { schema: { tags, summary: 'Sign out: clears the session cookie', response: { 204: Type.Null() } } },
      async (req, reply) => {
        guard.endSession(req, reply);
        return reply.code(204).send(null);
      },
    );
  };
}
