import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AccessGuard } from '../../auth/access-guard.js';
import { problems } from '../../http/schemas.js';

const tags = ['session'];
const SessionState = Type.Object({
  required: Type.Boolean({ description: 'Whether the service has an access token (METRICS_API_TOKEN).' }),
  authenticated: Type.Boolean({ description: 'Whether this request carries a live session cookie.' }),
});

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
      async (req) => ({ required: guard.required, authenticated: guard.signedIn(req) }),
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
        guard.startSession(req, reply);
        return { required: guard.required, authenticated: true };
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
