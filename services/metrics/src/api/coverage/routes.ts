import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { uploadRunCoverage } from '../../outputs/exports/coverage-upload.js';
import { getCoverage, riskView } from '../../pipeline/coverage/coverage-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { runReads } from '../run-reads.js';

const tags = ['coverage'];
// A coverage report of a large repository is a few MB of XML.
const BODY_LIMIT = 64 * 1024 * 1024;

/** coverage.py reports uploaded for a finished run, joined to its functions; the risk view. */
export function coverageRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reads = runReads(ctx);
  return async (app) => {
    // The report is read as text whatever its type: Cobertura XML, or coverage.py's JSON.
    app.addContentTypeParser(
      ['application/xml', 'text/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/api/analyses/:id/coverage',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: "Upload coverage.py's report (coverage xml or coverage json) for a finished analysis",
          description:
            "Joins the report to the run, measures new-code coverage against `base` (a run id or commit; by default the run's new-code base, else the previous run of its series), and updates the run's health score, summary, CSVs, ZIP and gate verdict.",
          params: IdParams,
          querystring: Type.Object({
            base: Type.Optional(
              Type.String({ minLength: 1, maxLength: 40, description: 'A run id or a commit sha.' }),
            ),
          }),
          response: { ...problems(404, 409, 413, 415, 422) },
        },
      },
      async (req) => {
        const body = req.body;
        const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
        return uploadRunCoverage(reads, req.params.id, text, req.query.base);
      },
    );
    app.get(
      '/api/analyses/:id/coverage',
      {
        schema: {
          tags,
          summary: 'The uploaded coverage joined to files and functions',
          params: IdParams,
          response: { ...problems(404, 409, 422) },
        },
      },
      async (req) => getCoverage(reads, req.params.id),
    );
    app.get(
      '/api/analyses/:id/coverage/risk',
      {
        schema: {
          tags,
          summary: 'Functions by complexity × commits × uncovered share, riskiest first',
          params: IdParams,
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
          }),
          response: { ...problems(404, 409, 422) },
        },
      },
      async (req) => riskView(reads, req.params.id, req.query.limit ?? 50),
    );
  };
}
