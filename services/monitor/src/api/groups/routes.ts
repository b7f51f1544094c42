import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  updateGroup,
} from '../../engine/groups/groups-service.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { Group, GroupBody } from './schema.js';

const tags = ['groups'];
const security = [{ bearer: [] }];
const read = { auth: { role: 'viewer' as const } };
const write = { auth: { role: 'admin' as const } };

/** Monitor groups: nestable folders with a rolled-up status. */
export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/groups',
      {
        config: read,
        schema: { tags, security, response: { 200: Type.Array(Group), ...problems(401, 403) } },
      },
      () => listGroups(ctx.db),
    );
    app.post(
      '/api/groups',
      {
        config: write,
        schema: {
          tags,
          security,
          body: GroupBody,
          response: { 201: Group, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createGroup(ctx, req, req.body)),
    );
    app.get(
      '/api/groups/:id',
      {
        config: read,
        schema: { tags, security, params: IdParams, response: { 200: Group, ...problems(401, 403, 404) } },
      },
      (req) => getGroup(ctx, req.params.id),
    );
    app.put(
      '/api/groups/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          body: GroupBody,
          response: { 200: Group, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updateGroup(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/groups/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          summary: 'Delete a group: its monitors and child groups move to its parent',
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await deleteGroup(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
