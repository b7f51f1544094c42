import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { locationStates } from '../../engine/locations/monitor-location-states.js';
import { parseLocationIds } from '../../engine/locations/monitor-locations.js';
import { everyBodyProblem } from '../../engine/monitors/body-problems.js';
import { journeyForViewers } from '../../engine/monitors/journey-view.js';
import type { MonitorInput } from '../../engine/monitors/monitor-input.js';
import { toMonitorView } from '../../engine/monitors/monitor-view.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  requestCheck,
  setPaused,
  updateMonitor,
} from '../../engine/monitors/monitors-service.js';
import { roleAtLeast } from '../../identity/auth/principal.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import { CheckNowAccepted, Monitor, MonitorBody, MonitorPatch } from './schema.js';

const tags = ['monitors'];
const security = [{ bearer: [] }];
const read = { auth: { role: 'viewer' as const } };
const write = { auth: { role: 'admin' as const } };

type Row = Parameters<typeof toMonitorView>[0];

/** The 422 of a body that failed its schema: other parts' problems (params) as they are. */
function invalidBody(
  err: Error & { validation?: unknown[]; validationContext?: string },
  body: unknown,
): Error {
  if (err.validationContext !== 'body' || !err.validation) return err;
  return everyBodyProblem(err.validation, body, MonitorBody);
}

/** Whether the caller reads journeys whole (scripts are code: admins only, issue 32). */
const readsScripts = (req: FastifyRequest) =>
  req.principal !== null && roleAtLeast(req.principal.role, 'admin');

// Channel links come in one query, tags in one more. Credentials are masked for every role (stored
// so); below admin a journey's script and typed values too (journeyForViewers).
export async function views(ctx: AppContext, rows: Row[], all = false, whole = true) {
  const links = await monitorChannelsRepo.forMonitors(
    ctx.db,
    rows.map((r) => r.id),
  );
  const tagged = await tagsRepo.forMonitors(ctx.db, all ? 'all' : rows.map((r) => r.id));
  const parents = await dependenciesRepo.parentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const states = await locationStates(ctx.db, rows, (id, type) => ctx.locations.isOnline(id, type));
  return rows.map((r) => {
    const v = toMonitorView(
      r,
      links.get(r.id) ?? [],
      tagged.get(r.id) ?? [],
      parents.get(r.id) ?? [],
      states.get(r.id),
    );
    return whole ? v : journeyForViewers(v);
  });
}
export const view = async (ctx: AppContext, row: Row) => (await views(ctx, [row]))[0]!;

/** Monitors: CRUD and the pause, resume and check-now actions. */
export function monitorsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/monitors',
      {
        config: read,
        schema: {
          tags,
          security,
          querystring: Type.Object({
            location: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 64,
                description: 'Only the monitors checked from this location',
              }),
            ),
          }),
          response: { 200: Type.Array(Monitor), ...problems(401, 403) },
        },
      },
      async (req) => {
        const all = await monitorsRepo.list(ctx.db);
        const at = req.query.location;
        if (at === undefined) return views(ctx, all, true, readsScripts(req));
        return views(
          ctx,
          all.filter((r) => parseLocationIds(r.location_ids).includes(at)),
          false,
          readsScripts(req),
        );
      },
    );
    app.post(
      '/api/monitors',
      {
        config: write,
        // A body that fails the schema still gets the service's rules for its other fields, so a
        // form hears of every problem at once (everyBodyProblem).
        attachValidation: true,
        schema: {
          tags,
          security,
          body: MonitorBody,
          response: { 201: Monitor, ...problems(400, 401, 403, 422) },
        },
      },
      async (req, reply) => {
        if (req.validationError) throw invalidBody(req.validationError, req.body);
        return reply.code(201).send(await view(ctx, await createMonitor(ctx, req, req.body as MonitorInput)));
      },
    );
    app.get(
      '/api/monitors/:id',
      {
        config: read,
        schema: { tags, security, params: IdParams, response: { 200: Monitor, ...problems(401, 403, 404) } },
      },
      async (req) => (await views(ctx, [await getMonitor(ctx, req.params.id)], false, readsScripts(req)))[0],
    );
    app.put(
      '/api/monitors/:id',
      {
        config: write,
        attachValidation: true,
        schema: {
          tags,
          security,
          params: IdParams,
          body: MonitorBody,
          response: { 200: Monitor, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req) => {
        if (req.validationError) throw invalidBody(req.validationError, req.body);
        return view(ctx, await updateMonitor(ctx, req, req.params.id, req.body as MonitorInput, 'replace'));
      },
    );
    app.patch(
      '/api/monitors/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          body: MonitorPatch,
          response: { 200: Monitor, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req) =>
        view(ctx, await updateMonitor(ctx, req, req.params.id, req.body as Partial<MonitorInput>, 'patch')),
    );
    app.delete(
      '/api/monitors/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await deleteMonitor(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
    for (const [action, paused] of [
      ['pause', true],
      ['resume', false],
    ] as const) {
      app.post(
        `/api/monitors/:id/${action}`,
        {
          config: write,
          schema: {
            tags,
            security,
            params: IdParams,
            response: { 200: Monitor, ...problems(401, 403, 404) },
          },
        },
        async (req) => view(ctx, await setPaused(ctx, req, req.params.id, paused)),
      );
    }
    app.post(
      '/api/monitors/:id/check-now',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 202: CheckNowAccepted, ...problems(401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        const at = await requestCheck(ctx, req, req.params.id);
        return reply.code(202).send({ monitor_id: req.params.id, requested_at: new Date(at).toISOString() });
      },
    );
  };
}
