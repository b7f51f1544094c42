import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { BULK_ACTIONS, bulkAction } from '../../engine/monitors/bulk-actions.js';
import { cloneMonitor } from '../../engine/monitors/clone-monitor.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { view } from './routes.js';
import { Monitor } from './schema.js';

const tags = ['monitors'];
const security = [{ bearer: [] }];
const write = { auth: { role: 'admin' as const } };

const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 10000 }),
    action: Type.Union(BULK_ACTIONS.map((a) => Type.Literal(a))),
    tag: Type.Optional(
      Type.Object(
        {
          tag_id: Type.Integer({ minimum: 1 }),
          value: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
        },
        { additionalProperties: false, description: 'add_tag and remove_tag (value: add_tag only)' },
      ),
    ),
    channel_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, description: 'set_channels: the new set' }),
    ),
    group_id: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
        description: 'move_to_group (null: no group)',
      }),
    ),
  },
  { additionalProperties: false },
);
const BulkResult = Type.Object({ updated: Type.Array(Type.Integer()) });

/** Actions on many monitors at once, and cloning one. */
export function monitorBulkRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/monitors/bulk',
      {
        config: write,
        schema: {
          tags,
          security,
          summary: 'Pause, resume, delete, tag, untag, set channels or move many monitors; all or nothing',
          body: BulkBody,
          response: { 200: BulkResult, ...problems(400, 401, 403, 404, 422) },
        },
      },
      (req) => bulkAction(ctx, req, req.body),
    );
    app.post(
      '/api/monitors/:id/clone',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          summary: 'Copy a monitor as "<name> (copy)" with its channels, tags and group',
          response: { 201: Monitor, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await view(ctx, await cloneMonitor(ctx, req, req.params.id))),
    );
  };
}
