import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { fileTrend, functionTrend, repositoryTrend } from '../../insights/trends/trends-service.js';
import { problems } from '../../platform/http/schemas.js';
import { validateRepoUrl } from '../../shared-types/repo-validate.js';
import {
  FileTrendQuery,
  FileTrendResponse,
  FunctionTrendQuery,
  FunctionTrendResponse,
  OwnerRepo,
  TrendQuery,
  TrendResponse,
} from './schema.js';

const tags = ['trends'];

function repoUrlOf(p: { owner: string; repo: string }): string {
  const v = validateRepoUrl(`https://github.com/${p.owner}/${p.repo}`);
  if (!v.ok) {
    throw errors.validation_failed('The repository name is invalid.', {
      errors: v.errors.map((e) => ({ path: 'repo', message: e.message })),
    });
  }
  return v.value.canonicalUrl;
}

/** Trends by commit: a repository's summary numbers, one file's and one function's, in series per ref. */
export function trendsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/repositories/:owner/:repo/trend',
      {
        schema: {
          tags,
          summary: "A repository's summary numbers by commit, one series per branch, tag or commit",
          description:
            'Points are ordered by commit date (analysis time for runs from before it was recorded); a commit analysed again gives one point, the newest run; the per-commit runs of history runs are included.',
          params: OwnerRepo,
          querystring: TrendQuery,
          response: { 200: TrendResponse, ...problems(422) },
        },
      },
      async (req) =>
        repositoryTrend(ctx, repoUrlOf(req.params), req.query.ref ?? null, req.query.limit ?? 100),
    );
    app.get(
      '/api/repositories/:owner/:repo/files/trend',
      {
        schema: {
          tags,
          summary: "One file's numbers by commit, following renames the runs' stored sources show",
          params: OwnerRepo,
          querystring: FileTrendQuery,
          response: { 200: FileTrendResponse, ...problems(422) },
        },
      },
      async (req) =>
        fileTrend(ctx, repoUrlOf(req.params), req.query.path, req.query.ref ?? null, req.query.limit ?? 100),
    );
    app.get(
      '/api/repositories/:owner/:repo/functions/trend',
      {
        schema: {
          tags,
          summary:
            "One function's numbers by commit: the same class and name, its file followed across renames",
          params: OwnerRepo,
          querystring: FunctionTrendQuery,
          response: { 200: FunctionTrendResponse, ...problems(422) },
        },
      },
      async (req) =>
        functionTrend(ctx, repoUrlOf(req.params), {
          path: req.query.path,
          class_name: req.query.class_name ?? '',
          name: req.query.name,
          ref: req.query.ref ?? null,
          limit: req.query.limit ?? 100,
        }),
    );
  };
}
