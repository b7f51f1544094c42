import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { isoOrNull, problems } from '../../http/schemas.js';
import { validateRepoUrl } from '../../repo/validate.js';
import { listRepositories, repositoryTrend } from '../../store/repos/results-query.js';

const tags = ['repositories'];
const Num = Type.Union([Type.Number(), Type.Null()]);
const TrendPoint = Type.Object({
  id: Type.Integer(),
  ref_used: Type.Union([Type.String(), Type.Null()]),
  branch: Type.Union([Type.String(), Type.Null()]),
  ref: Type.Union([Type.String(), Type.Null()]),
  commit_sha: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  files: Type.Integer(),
  classes: Type.Integer(),
  functions: Type.Integer(),
  loc: Type.Integer(),
  sloc: Type.Integer(),
  cc_avg: Num,
  cc_max: Num,
  mi_avg: Num,
  pylint_avg: Num,
  parse_errors: Type.Integer(),
});
const Repository = Type.Object({
  repo_url: Type.String(),
  owner: Type.String(),
  repo: Type.String(),
  runs: Type.Integer(),
  latest_id: Type.Integer(),
  latest_at: Type.String({ format: 'date-time' }),
});
const OwnerRepo = Type.Object({
  owner: Type.String({ maxLength: 100 }),
  repo: Type.String({ maxLength: 100 }),
});
const Limit = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
  { additionalProperties: false },
);

/** Repositories analysed so far, and one repository's finished runs over time (the trend view). */
export function repositoriesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/repositories',
      {
        schema: {
          tags,
          summary: 'Repositories analysed so far, most recently analysed first',
          querystring: Limit,
          response: { 200: Type.Array(Repository) },
        },
      },
      async (req) => {
        const rows = await listRepositories(ctx.db, req.query.limit ?? 100);
        return rows.map((r) => {
          const [, , , owner = '', repo = ''] = r.repo_url.split('/');
          return {
            repo_url: r.repo_url,
            owner,
            repo,
            runs: Number(r.runs),
            latest_id: Number(r.latest_id),
            latest_at: new Date(Number(r.latest_at)).toISOString(),
          };
        });
      },
    );
    app.get(
      '/api/repositories/:owner/:repo/trend',
      {
        schema: {
          tags,
          summary: "A repository's finished runs with their summary numbers, oldest first",
          params: OwnerRepo,
          querystring: Limit,
          response: { 200: Type.Array(TrendPoint), ...problems(422) },
        },
      },
      async (req) => {
        const v = validateRepoUrl(`https://github.com/${req.params.owner}/${req.params.repo}`);
        if (!v.ok) {
          throw errors.validation_failed('The repository name is invalid.', {
            errors: v.errors.map((e) => ({ path: 'repo', message: e.message })),
          });
        }
        const rows = await repositoryTrend(ctx.db, v.value.canonicalUrl, req.query.limit ?? 100);
        return rows.map((r) => ({
          ...r,
          created_at: new Date(r.created_at).toISOString(),
          finished_at: isoOrNull(r.finished_at),
        }));
      },
    );
  };
}
