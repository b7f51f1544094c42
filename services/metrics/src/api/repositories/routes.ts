import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { listRepositories } from '../../store/repos/results-query.js';

const tags = ['repositories'];
const Repository = Type.Object({
  repo_url: Type.String(),
  owner: Type.String(),
  repo: Type.String(),
  runs: Type.Integer(),
  latest_id: Type.Integer(),
  latest_at: Type.String({ format: 'date-time' }),
});
const Limit = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
  { additionalProperties: false },
);

/** Repositories analysed so far (their trends by commit are in api/trends). */
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
  };
}
