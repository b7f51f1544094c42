import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createMaintenance,
  deleteMaintenance,
  getMaintenance,
  listMaintenance,
  updateMaintenance,
} from '../../alerting/maintenance/maintenance-service.js';
import type { AppContext } from '../../context.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { Maintenance, MaintenanceBody } from './schema.js';

const tags = ['maintenance'];
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

/** Maintenance windows (one-off and recurring). */
export function maintenanceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/maintenance',
      {
        config: viewer,
        schema: { tags, security, response: { 200: Type.Array(Maintenance), ...problems(401, 403) } },
      },
      () => listMaintenance(ctx),
    );
    app.post(
      '/api/maintenance',
      {
        config: admin,
        schema: {
          tags,
          security,
          body: MaintenanceBody,
          response: { 201: Maintenance, ...problems(400, 401, 403, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createMaintenance(ctx, req, req.body)),
    );
    app.get(
      '/api/maintenance/:id',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: Maintenance, ...problems(401, 403, 404) },
        },
      },
      (req) => getMaintenance(ctx, req.params.id),
    );
    app.put(
      '/api/maintenance/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: MaintenanceBody,
          response: { 200: Maintenance, ...problems(400, 401, 403, 404, 422) },
        },
      },
      (req) => updateMaintenance(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/maintenance/:id',
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
        await deleteMaintenance(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
