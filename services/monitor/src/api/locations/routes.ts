import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import {
  createLocation,
  deleteLocation,
  getLocation,
  listLocations,
  rotateLocationToken,
  updateLocation,
} from '../../engine/locations/locations-service.js';
import { NoContent, problems } from '../../platform/http/schemas.js';
import {
  Location,
  LocationCreateBody,
  LocationParams,
  LocationUpdateBody,
  LocationWithToken,
} from './schema.js';

const tags = ['locations'];
const security = [{ bearer: [] }];
const read = { auth: { role: 'viewer' as const } };
const write = { auth: { role: 'superadmin' as const } };

/** Check locations (issue 13): `local` and the probes; creating one or rotating its token shows the token once. */
export function locationsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/locations',
      {
        config: read,
        schema: { tags, security, response: { 200: Type.Array(Location), ...problems(401, 403) } },
      },
      () => listLocations(ctx),
    );
    app.get(
      '/api/locations/:id',
      {
        config: read,
        schema: {
          tags,
          security,
          params: LocationParams,
          response: { 200: Location, ...problems(401, 403, 404) },
        },
      },
      (req) => getLocation(ctx, req.params.id),
    );
    app.post(
      '/api/locations',
      {
        config: write,
        schema: {
          tags,
          security,
          body: LocationCreateBody,
          response: { 201: LocationWithToken, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createLocation(ctx, req, req.body)),
    );
    app.put(
      '/api/locations/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: LocationParams,
          body: LocationUpdateBody,
          response: { 200: Location, ...problems(400, 401, 403, 404, 422) },
        },
      },
      (req) => updateLocation(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/locations/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: LocationParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        await deleteLocation(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/locations/:id/rotate-token',
      {
        config: { auth: { role: 'superadmin', jwtOnly: true } },
        schema: {
          tags,
          security,
          params: LocationParams,
          response: { 200: LocationWithToken, ...problems(401, 403, 404, 409) },
        },
      },
      (req) => rotateLocationToken(ctx, req, req.params.id),
    );
  };
}
