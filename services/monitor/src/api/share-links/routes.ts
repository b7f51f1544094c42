import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { assertReportQuery } from '../../operations/reports/report-request.js';
import { resolveScope } from '../../operations/reports/report-scope.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
} from '../../public-face/shared-links/share-links.js';
import { CreatedShareLink, ShareLink } from '../../shared-types/sla-report-shapes.js';
import { ReportQuery } from '../reports/schema.js';

const tags = ['reports'];
const security = [{ bearer: [] }];

const ShareLinkBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('report'), Type.Literal('monitor')]),
    report: Type.Optional(ReportQuery),
    monitor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
  },
  { additionalProperties: false },
);

/** Read-only share links: create (the token is shown once), list, revoke. Admins only. */
export function shareLinksRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/share-links',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          description:
            'A signed-in-free, read-only link to a report (kind report, with `report`) or to a monitor’s view (kind monitor, with `monitor_id`). The answer’s `path` holds the token; it is not stored and not shown again.',
          body: ShareLinkBody,
          response: { 201: CreatedShareLink, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        const b = req.body;
        const p = principalOf(req);
        const opts = {
          label: b.label ?? null,
          expiresInDays: b.expires_in_days ?? 30,
          userId: p.userId,
          username: p.username,
        };
        if (b.kind === 'report') {
          if (!b.report || b.monitor_id !== undefined)
            throw errors.validation_failed('A report link takes `report` (and no monitor_id).', {
              errors: [{ path: 'report', message: 'is required for kind report' }],
            });
          assertReportQuery(b.report);
          if (!(await resolveScope(ctx.db, b.report)))
            throw errors.not_found(`The report's ${b.report.scope} ${b.report.scope_id} does not exist.`);
          return reply
            .code(201)
            .send(await createShareLink(ctx, req, { kind: 'report', query: b.report }, opts));
        }
        if (b.monitor_id === undefined || b.report !== undefined)
          throw errors.validation_failed('A monitor link takes `monitor_id` (and no report).', {
            errors: [{ path: 'monitor_id', message: 'is required for kind monitor' }],
          });
        return reply
          .code(201)
          .send(await createShareLink(ctx, req, { kind: 'monitor', monitor_id: b.monitor_id }, opts));
      },
    );
    app.get(
      '/api/share-links',
      {
        config: { auth: { role: 'admin' } },
        schema: { tags, security, response: { 200: Type.Array(ShareLink), ...problems(401, 403) } },
      },
      () => listShareLinks(ctx),
    );
    app.delete(
      '/api/share-links/:id',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          description: 'Revokes the link at once: it answers 404 from then on.',
          params: IdParams,
          response: { 200: ShareLink, ...problems(401, 403, 404, 409, 422) },
        },
      },
      (req) => revokeShareLink(ctx, req, req.params.id),
    );
  };
}
