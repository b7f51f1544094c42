import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createAnalysis, getAnalysis } from '../../analyses/analyses-service.js';
import { toAnalysisView } from '../../analyses/analysis-view.js';
import type { AppContext } from '../../context.js';
import { IdParams, problems } from '../../http/schemas.js';
import { validateRepoUrl } from '../../repo/validate.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { Analysis, CreateAnalysisBody, ListQuery } from './schema.js';

const tags = ['analyses'];

/** Create, list and read analyses. */
export function analysesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/analyses',
      {
        schema: {
          tags,
          summary: 'Queue an analysis of a public GitHub repository',
          body: CreateAnalysisBody,
          response: { 202: Analysis, ...problems(400, 415, 422) },
        },
      },
      async (req, reply) => reply.code(202).send(toAnalysisView(await createAnalysis(ctx, req.body))),
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
        return rows.map(toAnalysisView);
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
      async (req) => toAnalysisView(await getAnalysis(ctx, req.params.id)),
    );
  };
}
