import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createChannel,
  deleteChannel,
  getChannel,
  listChannels,
  listDeliveries,
  testChannel,
  updateChannel,
} from '../../alerting/channels/channels-service.js';
import type { AppContext } from '../../context.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { Channel, ChannelBody, DeliveriesQuery, Delivery } from './schema.js';

const tags = ['channels'];
const MAX_DELIVERIES_PAGE = 500;
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

/** Notification channels: CRUD, test message, delivery log. */
export function channelsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/channels',
      {
        config: viewer,
        schema: { tags, security, response: { 200: Type.Array(Channel), ...problems(401, 403) } },
      },
      () => listChannels(ctx),
    );
    app.post(
      '/api/channels',
      {
        config: admin,
        schema: {
          tags,
          security,
          body: ChannelBody,
          response: { 201: Channel, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createChannel(ctx, req, req.body)),
    );
    app.get(
      '/api/channels/:id',
      {
        config: viewer,
        schema: { tags, security, params: IdParams, response: { 200: Channel, ...problems(401, 403, 404) } },
      },
      (req) => getChannel(ctx, req.params.id),
    );
    app.put(
      '/api/channels/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: ChannelBody,
          response: { 200: Channel, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updateChannel(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/channels/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await deleteChannel(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/channels/:id/test',
      {
        config: admin,
        schema: {
          tags,
          security,
          description:
            'Sends a test message through the normal delivery path; 502 carries the provider’s answer.',
          params: IdParams,
          response: { 200: Type.Object({ ok: Type.Literal(true) }), ...problems(401, 403, 404, 502) },
        },
      },
      (req) => testChannel(ctx, req, req.params.id),
    );
    app.get(
      '/api/channels/:id/deliveries',
      {
        config: viewer,
        schema: {
          tags,
          security,
          description: 'Delivery attempts, newest first; `Link: rel="next"` when more exist.',
          params: IdParams,
          querystring: DeliveriesQuery,
          response: { 200: Type.Array(Delivery), ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        const limit = Math.min(req.query.limit ?? 50, MAX_DELIVERIES_PAGE);
        const rows = await listDeliveries(ctx, req.params.id, limit, req.query.before_id);
        const last = rows.at(-1);
        if (rows.length === limit && last) {
          reply.header(
            'link',
            `</api/channels/${req.params.id}/deliveries?limit=${limit}&before_id=${last.id}>; rel="next"`,
          );
        }
        return rows;
      },
    );
  };
}
