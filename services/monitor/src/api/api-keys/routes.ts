import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../../identity/api-keys/api-keys-service.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { IdParams, IsoDateTime, NoContent, problems } from '../../platform/http/schemas.js';
import { ApiKey, CreatedApiKey } from '../../shared-types/api-key-shape.js';

const tags = ['api-keys'];
const security = [{ bearer: [] }];
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const CreateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), expires_at: Type.Optional(Nullable(IsoDateTime)) },
  { additionalProperties: false },
);

/** API keys of the signed-in user: create (JWT only), list without secrets, revoke. */
export function apiKeysRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/api-keys',
      {
        config: { auth: { role: 'admin', jwtOnly: true } },
        schema: {
          tags,
          security,
          body: CreateBody,
          response: { 201: CreatedApiKey, ...problems(400, 401, 403, 422) },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(await createApiKey(ctx, req, principalOf(req), req.body.name, req.body.expires_at)),
    );
    app.get(
      '/api/api-keys',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          querystring: Type.Object(
            { all: Type.Optional(Type.Boolean({ description: 'superadmin: every user’s keys' })) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Array(ApiKey), ...problems(401, 403) },
        },
      },
      (req) => listApiKeys(ctx, principalOf(req), req.query.all === true),
    );
    app.delete(
      '/api/api-keys/:id',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await revokeApiKey(ctx, req, principalOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
