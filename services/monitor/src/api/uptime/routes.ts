import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { getMonitor } from '../../engine/monitors/monitors-service.js';
import { DAY_MS } from '../../engine/rollups/rollup-job.js';
import { uptimeOf } from '../../engine/rollups/uptime.js';
import { IdParams, IsoDateTime, problems } from '../../platform/http/schemas.js';
import { RollupBucket as Bucket, UptimeFigures as Uptime } from '../../shared-types/uptime-shapes.js';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';

const tags = ['monitors'];
const security = [{ bearer: [] }];
const RollupQuery = Type.Object(
  {
    period: Type.Union([Type.Literal('hour'), Type.Literal('day')], { default: 'hour' }),
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
// A year of daily or five weeks of hourly buckets is the most one answer carries.
const MAX_SPAN_MS = { hour: 35 * DAY_MS, day: 366 * DAY_MS };

/** Uptime over the standard windows and roll-up series for long-range charts. */
export function uptimeRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/monitors/:id/uptime',
      {
        config: { auth: { role: 'viewer' } },
        schema: { tags, security, params: IdParams, response: { 200: Uptime, ...problems(401, 404, 422) } },
      },
      async (req) => {
        await getMonitor(ctx, req.params.id);
        return { monitor_id: req.params.id, ...(await uptimeOf(ctx.db, req.params.id)) };
      },
    );
    app.get(
      '/api/monitors/:id/rollups',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          description: 'Hourly (up to 35 days back) or daily buckets, oldest first, for long-range charts.',
          params: IdParams,
          querystring: RollupQuery,
          response: { 200: Type.Array(Bucket), ...problems(401, 404, 422) },
        },
      },
      async (req) => {
        await getMonitor(ctx, req.params.id);
        const period = req.query.period;
        const to = req.query.to ? Date.parse(req.query.to) : Date.now();
        const from = Math.max(
          req.query.from ? Date.parse(req.query.from) : to - MAX_SPAN_MS[period],
          to - MAX_SPAN_MS[period],
        );
        const rows = await rollupsRepo.range(ctx.db, req.params.id, period, from, to);
        return rows.map((r) => ({
          at: new Date(r.bucket_start).toISOString(),
          checks: r.checks,
          up_checks: r.up_checks,
          avg_response_time_ms: r.latency_avg === null ? null : Math.round(r.latency_avg * 10) / 10,
          p95_response_time_ms: r.latency_p95,
        }));
      },
    );
  };
}
