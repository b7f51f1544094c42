import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { analysisView } from '../../intake/analysis-view.js';
import { cancelAnalysis, deleteAnalysis, retryAnalysis } from '../../intake/run-actions.js';
import { runLimiter } from '../../intake/run-limiter.js';
import type { AccessGuard } from '../../platform/auth/access-guard.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { Analysis } from '../analyses/schema.js';

const tags = ['analyses'];

/** Cancel, retry and delete a run. */
export function runActionsRoutes(ctx: AppContext, guard: AccessGuard): FastifyPluginAsyncTypebox {
  return async (app) => {
    const limiter = runLimiter(ctx);
    app.post(
      '/api/analyses/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a queued or running analysis',
          description:
            'The run ends as `cancelled` and keeps no results or output files. 409 analysis_finished when it had already ended.',
          params: IdParams,
          response: { 200: Analysis, ...problems(404, 409) },
        },
      },
      async (req) => analysisView(ctx, await cancelAnalysis(ctx, req.params.id)),
    );
    app.post(
      '/api/analyses/:id/retry',
      {
        schema: {
          tags,
          summary: 'Queue the same repository, ref and exclusions again',
          description:
            '202 with the new run (200 with an identical run already queued or running). 409 analysis_not_finished while this run is queued or running. Rate limited like POST /api/analyses.',
          params: IdParams,
          response: { 200: Analysis, 202: Analysis, ...problems(404, 409, 429) },
        },
      },
      async (req, reply) => {
        const { row, created } = await retryAnalysis(ctx, req.params.id, { key: req.ip, limiter });
        return reply.code(created ? 202 : 200).send(await analysisView(ctx, row));
      },
    );
    app.delete(
      '/api/analyses/:id',
      {
        schema: {
          tags,
          summary: 'Delete an analysis, its results and its files (admin)',
          description:
            'A queued or running run is cancelled first. Needs the admin token when METRICS_ADMIN_TOKEN is set (403 admin_required).',
          params: IdParams,
          response: { 204: Type.Null(), ...problems(403, 404) },
        },
      },
      async (req, reply) => {
        guard.requireAdmin(req, 'deleting an analysis');
        await deleteAnalysis(ctx, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
