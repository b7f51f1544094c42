import { nextLink } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listSubscribers, removeSubscriber } from '../../alerting/subscriptions/subscriptions-service.js';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { roleAtLeast } from '../../identity/auth/principal.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { StatusSubscriber as Subscriber } from '../../shared-types/status-subscriber-shape.js';

const tags = ['status pages'];
const security = [{ bearer: [] }];
const MAX_LIMIT = 500;

const ListQuery = Type.Object(
  {
    before_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Page cursor: subscribers older than this id' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 100 })),
  },
  { additionalProperties: false },
);
const SubscriberParams = Type.Object({ id: Type.Integer({ minimum: 1 }), sid: Type.Integer({ minimum: 1 }) });

/** A status page's e-mail subscribers: list (paged, newest first) and remove. */
export function subscriptionAdminRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/status-pages/:id/subscribers',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          params: IdParams,
          querystring: ListQuery,
          response: { 200: Type.Array(Subscriber), ...problems(401, 404, 422) },
        },
      },
      async (req, reply) => {
        const limit = Math.min(req.query.limit ?? 100, MAX_LIMIT);
        const showEmail = roleAtLeast(principalOf(req).role, 'admin');
        const list = await listSubscribers(
          ctx,
          req.params.id,
          { limit, before_id: req.query.before_id },
          showEmail,
        );
        if (list.length === limit) {
          reply.header(
            'link',
            nextLink(`/api/status-pages/${req.params.id}/subscribers`, req.query, {
              limit,
              before_id: list[list.length - 1]!.id,
            }),
          );
        }
        return list;
      },
    );
    app.delete(
      '/api/status-pages/:id/subscribers/:sid',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          params: SubscriberParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        await removeSubscriber(ctx, req, req.params.id, req.params.sid);
        return reply.code(204).send(null);
      },
    );
  };
}
