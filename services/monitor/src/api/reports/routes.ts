import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { reportCsv, reportFileName } from '../../operations/reports/report-csv.js';
import { renderReportPdf } from '../../operations/reports/report-pdf.js';
import { reportFor } from '../../operations/reports/report-request.js';
import { problems } from '../../platform/http/schemas.js';
import { ReportQuery, SlaReport } from './schema.js';

const tags = ['reports'];
const security = [{ bearer: [] }];
const description =
  'Uptime with maintenance excluded and included, SLA target and error budget, incidents with MTTA and MTTR, response-time percentiles and per-location uptime. Formulas: docs/reports.md.';

/** SLA reports as JSON, CSV (a row per monitor) and PDF. */
export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/reports',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          description,
          querystring: ReportQuery,
          response: { 200: SlaReport, ...problems(401, 404, 422) },
        },
      },
      (req) => reportFor(ctx, req.query),
    );
    app.get(
      '/api/reports/csv',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          description: 'The report as CSV, one row per monitor.',
          querystring: ReportQuery,
          response: { 200: Type.String({ description: 'text/csv' }), ...problems(401, 404, 422) },
        },
      },
      async (req, reply) => {
        const r = await reportFor(ctx, req.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFileName(r, 'csv')}"`)
          .send(reportCsv(r));
      },
    );
    app.get(
      '/api/reports/pdf',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          description: 'The report as a PDF with charts.',
          querystring: ReportQuery,
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
            ...problems(401, 404, 422),
          },
        },
      },
      async (req, reply) => {
        const r = await reportFor(ctx, req.query);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${reportFileName(r, 'pdf')}"`)
          .send(await renderReportPdf(r));
      },
    );
  };
}
