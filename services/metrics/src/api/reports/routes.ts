import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { renderPdfReport, renderShareCard, repoLabel } from '../../outputs/reports/index.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { loadReportData } from './load-report-data.js';

const tags = ['reports'];
// Typed as a Buffer for the handler; documented as binary. Fastify sends Buffers without serialising.
const Binary = (description: string) =>
  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });

/** A file name made of the repository and run, safe for Content-Disposition. */
const fileName = (repoUrl: string, id: number, ext: string) =>
  `${repoLabel(repoUrl).replace(/[^A-Za-z0-9._-]/g, '-')}-a${id}.${ext}`;

/** The PDF report and the share card of a finished run, rendered on request from stored results. */
export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/report.pdf',
      {
        schema: {
          tags,
          summary:
            'PDF report: key figures, grade, rank distribution, heatmap, scatter, worst files and functions',
          params: IdParams,
          produces: ['application/pdf'],
          response: { 200: Binary('A PDF document'), ...problems(404, 409) },
        },
      },
      async (req, reply) => {
        const data = await loadReportData(ctx, req.params.id);
        const pdf = await renderPdfReport(data);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName(data.repoUrl, data.id, 'pdf')}"`)
          .send(pdf);
      },
    );
    app.get(
      '/api/analyses/:id/share.png',
      {
        schema: {
          tags,
          summary: 'Share card: a 1200×630 PNG with the repository, its key figures and a grade',
          params: IdParams,
          produces: ['image/png'],
          response: { 200: Binary('A 1200×630 PNG image'), ...problems(404, 409) },
        },
      },
      async (req, reply) => {
        const data = await loadReportData(ctx, req.params.id);
        // Inline so the link previews; `?download=1` is not needed: the UI's link carries `download`.
        return reply
          .type('image/png')
          .header('Cache-Control', 'public, max-age=300')
          .header('Content-Disposition', `inline; filename="${fileName(data.repoUrl, data.id, 'png')}"`)
          .send(renderShareCard(data));
      },
    );
  };
}
