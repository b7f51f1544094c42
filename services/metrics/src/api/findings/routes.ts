import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { findingRules, listFindings } from '../../pipeline/findings/findings-service.js';
import { getSource } from '../../pipeline/source/source-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { runReads } from '../run-reads.js';
import {
  FindingsPage,
  FindingsQuery,
  RulesQuery,
  RulesResponse,
  SourceQuery,
  SourceResponse,
} from './schema.js';

const tags = ['findings and source'];

/** Pylint's findings of a finished run, counted per rule, and each file's stored source. */
export function findingsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reads = runReads(ctx);
  return async (app) => {
    app.get(
      '/api/analyses/:id/findings',
      {
        schema: {
          tags,
          summary: 'Pylint findings of a finished analysis in position order, filtered and paged',
          params: IdParams,
          querystring: FindingsQuery,
          response: { 200: FindingsPage, ...problems(404, 409, 422) },
        },
      },
      async (req) => listFindings(reads, req.params.id, req.query),
    );
    app.get(
      '/api/analyses/:id/findings/rules',
      {
        schema: {
          tags,
          summary: 'Findings counted per rule (symbol, message id, category), most frequent first',
          params: IdParams,
          querystring: RulesQuery,
          response: { 200: RulesResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => findingRules(reads, req.params.id, req.query),
    );
    app.get(
      '/api/analyses/:id/source',
      {
        schema: {
          tags,
          summary: "A file's source at the analysed commit, its functions' metrics and its findings",
          params: IdParams,
          querystring: SourceQuery,
          response: { 200: SourceResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => getSource(reads, req.params.id, req.query.path),
    );
  };
}
