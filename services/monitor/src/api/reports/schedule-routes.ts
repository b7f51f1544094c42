import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { createSchedule, deleteSchedule, listSchedules } from '../../operations/reports/report-schedules.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { ReportScopeKind } from '../../shared-types/sla-report-shapes.js';

const tags = ['reports'];
const security = [{ bearer: [] }];
const Cadence = Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]);

const ScheduleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.Optional(ReportScopeKind),
    scope_id: Type.Optional(Type.Integer({ minimum: 1 })),
    cadence: Cadence,
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Default UTC' })),
    channel_id: Type.Integer({
      minimum: 1,
      description: 'An e-mail channel: its SMTP server sends the report',
    }),
    recipients: Type.Array(Type.String({ minLength: 3, maxLength: 254 }), { minItems: 1, maxItems: 50 }),
    sla_target_percent: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
  },
  { additionalProperties: false },
);

const Schedule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: ReportScopeKind,
  scope_id: Type.Union([Type.Integer(), Type.Null()]),
  cadence: Cadence,
  timezone: Type.String(),
  channel_id: Type.Integer(),
  recipients: Type.Array(Type.String()),
  sla_target_percent: Type.Union([Type.Number(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  last_sent_period_start: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** Reports mailed weekly or monthly, each period once (docs/reports.md). Admins only. */
export function reportScheduleRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/report-schedules',
      {
        config: { auth: { role: 'admin' } },
        schema: { tags, security, response: { 200: Type.Array(Schedule), ...problems(401, 403) } },
      },
      () => listSchedules(ctx),
    );
    app.post(
      '/api/report-schedules',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          description:
            'After each week (Monday 00:00) or month ends in the schedule’s zone, the report of that period goes to the recipients, as PDF and CSV attachments, once.',
          body: ScheduleBody,
          response: { 201: Schedule, ...problems(400, 401, 403, 422) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await createSchedule(ctx, req, req.body, principalOf(req).userId)),
    );
    app.delete(
      '/api/report-schedules/:id',
      {
        config: { auth: { role: 'admin' } },
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
  };
}
