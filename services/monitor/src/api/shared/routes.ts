import { HttpProblem } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { reportCsv, reportFileName } from '../../operations/reports/report-csv.js';
import { renderReportPdf } from '../../operations/reports/report-pdf.js';
import { type ReportQuery, reportFor } from '../../operations/reports/report-request.js';
import { problems } from '../../platform/http/schemas.js';
import { openShareLink } from '../../public-face/shared-links/share-links.js';
import { sharedMonitorView } from '../../public-face/shared-links/shared-monitor.js';
import { renderSharedMonitor, renderSharedReport } from '../../public-face/shared-links/shared-page.js';
import { renderMessagePage } from '../../public-face/status-pages/render/page-shell.js';
import { SharedView } from '../../shared-types/sla-report-shapes.js';

const tags = ['reports'];
const pub = { auth: { role: 'public' as const } };
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * The link is the credential, so its answers must not leak it or outlive it: no Referer carries the
 * URL away, nothing is cached, search engines are told to keep out.
 */
function guard(reply: FastifyReply) {
  return reply
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow');
}

/** What a share link opens, without sign-in; unknown, expired and revoked links are the same 404. */
export function sharedRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const open = async (req: FastifyRequest, token: string) => {
    const link = await openShareLink(ctx, req, token);
    if (!link) throw errors.share_link_unavailable('This link does not exist, has expired or was revoked.');
    return link;
  };
  const viewOf = async (req: FastifyRequest, token: string) => {
    const link = await open(req, token);
    const head = { kind: link.kind, label: link.label, expires_at: link.expires_at };
    if (link.kind === 'report')
      return { link: head, report: await reportFor(ctx, link.target as ReportQuery) };
    const monitor = await sharedMonitorView(ctx.db, Number(link.target.monitor_id));
    if (!monitor) throw errors.share_link_unavailable('The monitor of this link was deleted.');
    return { link: head, monitor };
  };
  return async (app) => {
    app.get(
      '/api/shared/:token',
      {
        config: pub,
        schema: {
          tags,
          description: 'The report or monitor view a share link opens (no credentials: the link is one).',
          params: TokenParams,
          response: { 200: SharedView, ...problems(404, 422) },
        },
      },
      async (req, reply) => {
        guard(reply);
        return viewOf(req, req.params.token);
      },
    );
    app.get(
      '/api/shared/:token/:format',
      {
        config: pub,
        schema: {
          tags,
          description: "A shared report's CSV or PDF.",
          params: Type.Object({
            token: TokenParams.properties.token,
            format: Type.Union([Type.Literal('csv'), Type.Literal('pdf')]),
          }),
          response: {
            200: Type.Unsafe<Buffer | string>({ type: 'string', format: 'binary' }),
            ...problems(404, 422),
          },
        },
      },
      async (req, reply) => {
        guard(reply);
        const v = await viewOf(req, req.params.token);
        if (!v.report) throw errors.share_link_unavailable('This link opens a monitor view, not a report.');
        const f = req.params.format;
        reply.header('content-disposition', `attachment; filename="${reportFileName(v.report, f)}"`);
        return f === 'csv'
          ? reply.type('text/csv; charset=utf-8').send(reportCsv(v.report))
          : reply.type('application/pdf').send(await renderReportPdf(v.report));
      },
    );
    app.get<{ Params: { token: string } }>(
      '/shared/:token',
      { config: pub, schema: { hide: true } },
      async (req, reply) => {
        guard(reply).type('text/html; charset=utf-8');
        // A link that opens nothing gets a page, not a problem body; other failures stay failures.
        const v = await viewOf(req, req.params.token).catch((e: unknown) => {
          if (e instanceof HttpProblem && e.status === 404) return null;
          throw e;
        });
        if (!v)
          return reply
            .code(404)
            .send(
              renderMessagePage(
                'Link not available',
                'This link does not exist, has expired or was revoked.',
              ),
            );
        const base = `/api/shared/${encodeURIComponent(req.params.token)}`;
        return v.report
          ? renderSharedReport(v.report, { csv: `${base}/csv`, pdf: `${base}/pdf` })
          : renderSharedMonitor(v.monitor!);
      },
    );
  };
}
