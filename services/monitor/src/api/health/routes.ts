import { readinessAnswer } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';

const Check = Type.Object({
  name: Type.String(),
  ok: Type.Boolean(),
  detail: Type.Optional(Type.String()),
});
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Array(Check),
});

/**
 * Probes for orchestrators and load balancers, public and at the root: `/healthz` (liveness: the
 * process answers; touches nothing) and `/readyz` (readiness, see HealthProbe). `/api/health` stays
 * as it was for the dashboard.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      {
        config: { auth: { role: 'public' } },
        schema: { tags: ['meta'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        config: { auth: { role: 'public' } },
        schema: { tags: ['meta'], response: { 200: Readiness, 503: Readiness } },
      },
      async (_req, reply) => {
        const { code, body } = readinessAnswer(await ctx.health.readiness());
        return reply.code(code).send(body);
      },
    );
  };
}
