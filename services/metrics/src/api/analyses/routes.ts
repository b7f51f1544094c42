import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createAnalysis, getAnalysis } from '../../analyses/analyses-service.js';
import { analysisView, analysisViews } from '../../analyses/analysis-view.js';
import { runLimiter } from '../../analyses/run-limiter.js';
import type { AppContext } from '../../context.js';
import { IdParams, problems } from '../../http/schemas.js';
import { validateRepoUrl } from '../../repo/validate.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { Analysis, CreateAnalysisBody, ListQuery } from './schema.js';

const tags = ['analyses'];

/** Create, list and read analyses. */
export function analysesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const limiter = runLimiter(ctx);
    app.post(
      '/api/analyses',
      {
        schema: {
          tags,
          summary: 'Queue an analysis of a public GitHub repository',
          description:
            '202 with a new run; 200 with the identical run (same repository, branch, ref and exclusions) already queued or running, which is reused; 409 analysis_pending when that run has other exclusions. 429 with Retry-After when the client exceeds its rate or the queue is full.',
          body: CreateAnalysisBody,
          response: { 200: Analysis, 202: Analysis, ...problems(400, 401, 409, 415, 422, 429) },
        },
      },
      async (req, reply) => {
        const { row, created } = await createAnalysis(ctx, req.body, { key: req.ip, limiter });
        return reply.code(created ? 202 : 200).send(await analysisView(ctx, row));
      },
    );
    app.get(
      '/api/analyses',
      {
        schema: {
          tags,
          summary: 'Recent analyses, newest first',
          querystring: ListQuery,
          response: { 200: Type.Array(Analysis), ...problems(422) },
        },
      },
      async (req) => {
        const url = req.query.repo_url === undefined ? undefined : validateRepoUrl(req.query.repo_url);
        if (url && !url.ok) return [];
        const rows = await analysesRepo.list(ctx.db, req.query.limit ?? 20, url?.value.canonicalUrl);
        return analysisViews(ctx, rows);
      },
    );
    app.get(
      '/api/analyses/:id',
      {
        schema: {
          tags,
          summary: 'One analysis',
          params: IdParams,
          response: { 200: Analysis, ...problems(404) },
        },
      },
      async (req) => analysisView(ctx, await getAnalysis(ctx, req.params.id)),
    );
  };
}
