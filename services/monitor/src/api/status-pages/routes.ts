import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import {
  createStatusPage,
  deleteStatusPage,
  getStatusPage,
  listStatusPages,
  updateStatusPage,
} from '../../public-face/status-pages/status-pages-service.js';
import { StatusPage, StatusPageBody } from './schema.js';

const tags = ['status-pages'];
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

/** Status pages: admins lay them out, viewers read them; the public side is /api/public and /status. */
export function statusPagesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/status-pages',
      {
        config: viewer,
        schema: { tags, security, response: { 200: Type.Array(StatusPage), ...problems(401, 403) } },
      },
      () => listStatusPages(ctx),
    );
    app.post(
      '/api/status-pages',
      {
        config: admin,
        schema: {
          tags,
          security,
          body: StatusPageBody,
          response: { 201: StatusPage, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createStatusPage(ctx, req, req.body)),
    );
    app.get(
      '/api/status-pages/:id',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: StatusPage, ...problems(401, 403, 404) },
        },
      },
      (req) => getStatusPage(ctx, req.params.id),
    );
    app.put(
      '/api/status-pages/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: StatusPageBody,
          response: { 200: StatusPage, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updateStatusPage(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/status-pages/:id',
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
        await deleteStatusPage(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
