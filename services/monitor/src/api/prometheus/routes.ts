import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Registry } from 'prom-client';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { problems } from '../../platform/http/schemas.js';
import { scrapeBody } from '../../public-face/prometheus/scrape.js';

/**
 * GET /metrics for Prometheus: any valid credential (a `mon_` API key, or a JWT) of any role, or
 * none at all with METRICS_PUBLIC=true.
 */
export function prometheusRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = ctx.config.metricsPublic;
    app.get(
      '/metrics',
      {
        config: { auth: { role: open ? ('public' as const) : ('viewer' as const) } },
        schema: {
          tags: ['meta'],
          ...(open ? {} : { security: [{ bearer: [] }] }),
          description:
            'Prometheus text exposition format: per-monitor series (monitor_up, monitor_status, monitor_response_time_ms, monitor_checks_total, monitor_tls_days_left) and the service’s own metrics. See docs/prometheus.md.',
          produces: [Registry.PROMETHEUS_CONTENT_TYPE],
          response: {
            200: Type.Unsafe<string | Buffer>({
              type: 'string',
              description: 'The exposition text (gzip when accepted)',
            }),
            ...problems(401, 403),
          },
        },
      },
      async (req, reply) => {
        const { body, encoding } = await scrapeBody(ctx, req.headers['accept-encoding']);
        reply.header('cache-control', 'no-store').header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(body);
      },
    );
  };
}
