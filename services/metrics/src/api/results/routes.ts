import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import type { LevelName } from '../../pipeline/results/levels.js';
import { listLevel } from '../../pipeline/results/results-service.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { runReads } from '../run-reads.js';
import { Page, PageQuery } from './schema.js';

const tags = ['results'];
const LEVEL_NAMES: LevelName[] = ['files', 'classes', 'functions'];

/** The results of a finished run as JSON for the UI: rows per level with sort, filter and paging; the summary. */
export function resultsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reads = runReads(ctx);
  return async (app) => {
    for (const level of LEVEL_NAMES) {
      app.get(
        `/api/analyses/:id/${level}`,
        {
          schema: {
            tags,
            summary: `The ${level} of a finished analysis, sorted, filtered and paged`,
            params: IdParams,
            querystring: PageQuery,
            response: { 200: Page, ...problems(404, 409, 422) },
          },
        },
        async (req) => listLevel(reads, req.params.id, level, req.query),
      );
    }
    app.get(
      '/api/analyses/:id/summary',
      {
        schema: {
          tags,
          summary: 'The summary row of a finished analysis',
          params: IdParams,
          response: { 200: Type.Record(Type.String(), Type.Unknown()), ...problems(404, 409) },
        },
      },
      async (req) => {
        const row = await getAnalysis(ctx, req.params.id);
        if (row.status !== 'done' || !row.summary) {
          throw errors.analysis_not_done(
            `analysis ${row.id} is ${row.status}: its summary exists once it is done`,
          );
        }
        return JSON.parse(row.summary) as Record<string, unknown>;
      },
    );
  };
}
