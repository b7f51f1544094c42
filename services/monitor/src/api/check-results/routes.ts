import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { iso, problems } from '../../platform/http/schemas.js';
import type { CheckDetails } from '../../shared-types/journey-shapes.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { CheckResult, CheckResultsQuery } from './schema.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** Check results, newest first, filtered by monitor and time, paged with a `Link: rel="next"` cursor. */
export function checkResultsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/check-results',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags: ['check-results'],
          security: [{ bearer: [] }],
          querystring: CheckResultsQuery,
          response: { 200: Type.Array(CheckResult), ...problems(401, 403, 422) },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const from = q.from === undefined ? undefined : Date.parse(q.from);
        const to = q.to === undefined ? undefined : Date.parse(q.to);
        if (from !== undefined && to !== undefined && from > to) {
          throw errors.validation_failed('from must not be after to.', {
            errors: [{ path: 'from', message: 'must not be after to' }],
          });
        }
        const limit = Math.min(q.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
        let before: { checked_at: number; id: number } | undefined;
        if (q.cursor) {
          const [at, id] = q.cursor.split('.').map(Number);
          before = { checked_at: at!, id: id! };
        }
        const rows = await checkResultsRepo.list(ctx.db, {
          monitor_id: q.monitor_id,
          location_id: q.location,
          from,
          to,
          before,
          limit,
        });
        if (rows.length === limit) {
          const last = rows[rows.length - 1]!;
          const next = new URLSearchParams();
          if (q.monitor_id !== undefined) next.set('monitor_id', String(q.monitor_id));
          if (q.location !== undefined) next.set('location', q.location);
          if (q.from !== undefined) next.set('from', q.from);
          if (q.to !== undefined) next.set('to', q.to);
          next.set('limit', String(limit));
          next.set('cursor', `${last.checked_at}.${last.id}`);
          reply.header('link', `</api/check-results?${next}>; rel="next"`);
        }
        return rows.map((r) => ({
          id: r.id,
          monitor_id: r.monitor_id,
          checked_at: iso(r.checked_at),
          status: r.status === 1 ? ('up' as const) : ('down' as const),
          response_time_ms: r.response_time_ms,
          status_code: r.status_code,
          error: r.error,
          tls_days_left: r.tls_days_left,
          location_id: r.location_id ?? LOCAL_LOCATION_ID,
          ...(r.details && { details: JSON.parse(r.details) as CheckDetails }),
        }));
      },
    );
  };
}
