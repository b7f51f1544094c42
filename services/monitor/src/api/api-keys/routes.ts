import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createApiKey, listApiKeys, revokeApiKey } from '../../api-keys/api-keys-service.js';
import { principalOf } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import { IdParams, IsoDateTime, NoContent, problems } from '../../http/schemas.js';

const tags = ['api-keys'];
const security = [{ bearer: [] }];
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it' }),
  user_id: Type.Integer(),
  created_at: IsoDateTime,
  last_used_at: Nullable(IsoDateTime),
  expires_at: Nullable(IsoDateTime),
});
const CreatedApiKey = Type.Intersect([
  ApiKey,
  Type.Object({ raw_key: Type.String({ description: 'The key itself: shown in this response only' }) }),
]);
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
