import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { createAnalysis } from '../../intake/analyses-service.js';
import { analysisView, analysisViews } from '../../intake/analysis-view.js';
import { runLimiter } from '../../intake/run-limiter.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { validateRepoUrl } from '../../shared-types/repo-validate.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { Analysis, CreateAnalysisBody, ListQuery } from './schema.js';

const tags = ['analyses'];

/** The Link header of the next page: the same query with `before` moved to the page's last run. */
function nextLink(query: Record<string, unknown>, lastId: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== 'before') q.set(k, String(v));
  q.set('before', String(lastId));
  return `</api/analyses?${q}>; rel="next"`;
}

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
          description:
            'Top-level runs (not the per-commit runs of history runs), newest first, `limit` at a time. Page with `before` (a cursor: runs with a lower id), as the Link header (rel="next") gives it while older runs remain; `repo_url` lists one repository.',
          querystring: ListQuery,
          response: { 200: Type.Array(Analysis), ...problems(422) },
        },
      },
      async (req, reply) => {
        const url = req.query.repo_url === undefined ? undefined : validateRepoUrl(req.query.repo_url);
        if (url && !url.ok) return [];
        const limit = req.query.limit ?? 20;
        // One more than asked: whether a next page exists, without a count.
        const rows = await analysesRepo.list(ctx.db, limit + 1, url?.value.canonicalUrl, req.query.before);
        const page = rows.slice(0, limit);
        if (rows.length > limit) reply.header('link', nextLink(req.query, page.at(-1)!.id));
        return analysisViews(ctx, page);
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
