import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  addOverride,
  createSchedule,
  deleteOverride,
  deleteSchedule,
  getSchedule,
  listOverrides,
  listSchedules,
  scheduleTimeline,
  updateSchedule,
  whoIsOnCall,
} from '../../alerting/on-call/schedules-service.js';
import type { AppContext } from '../../context.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import {
  AtQuery,
  OnCallNow,
  OverrideBody,
  OverrideParams,
  RangeQuery,
  Schedule,
  ScheduleBody,
  ScheduleOverride,
  TimelineEntry,
} from './schema.js';

const tags = ['on-call'];
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

/** On-call schedules: CRUD, overrides, who is on call, the timeline (see docs/on-call.md). */
export function schedulesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/schedules',
      {
        config: viewer,
        schema: { tags, security, response: { 200: Type.Array(Schedule), ...problems(401) } },
      },
      () => listSchedules(ctx),
    );
    app.post(
      '/api/schedules',
      {
        config: admin,
        schema: {
          tags,
          security,
          body: ScheduleBody,
          response: { 201: Schedule, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createSchedule(ctx, req, req.body)),
    );
    app.get(
      '/api/schedules/:id',
      {
        config: viewer,
        schema: { tags, security, params: IdParams, response: { 200: Schedule, ...problems(401, 404, 422) } },
      },
      (req) => getSchedule(ctx, req.params.id),
    );
    app.put(
      '/api/schedules/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: ScheduleBody,
          response: { 200: Schedule, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updateSchedule(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/schedules/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        await deleteSchedule(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/schedules/:id/on-call',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdParams,
          querystring: AtQuery,
          response: { 200: OnCallNow, ...problems(401, 404, 422) },
        },
      },
      (req) => whoIsOnCall(ctx, req.params.id, req.query.at),
    );
    app.get(
      '/api/schedules/:id/timeline',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdParams,
          querystring: RangeQuery,
          response: { 200: Type.Array(TimelineEntry), ...problems(401, 404, 422) },
        },
      },
      (req) => scheduleTimeline(ctx, req.params.id, req.query.from, req.query.to),
    );
    app.get(
      '/api/schedules/:id/overrides',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: Type.Array(ScheduleOverride), ...problems(401, 404, 422) },
        },
      },
      (req) => listOverrides(ctx, req.params.id),
    );
    app.post(
      '/api/schedules/:id/overrides',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: OverrideBody,
          response: { 201: ScheduleOverride, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await addOverride(ctx, req, req.params.id, req.body)),
    );
    app.delete(
      '/api/schedules/:id/overrides/:overrideId',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: OverrideParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        await deleteOverride(ctx, req, req.params.id, req.params.overrideId);
        return reply.code(204).send(null);
      },
    );
  };
}
