import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { serviceMetrics } from '../../outputs/prometheus/service-metrics.js';

/** GET /metrics: Prometheus text format (docs/metrics-service.md); behind the access token when one is set. */
export function prometheusRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const registry = serviceMetrics(ctx.db);
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    });
  };
}
