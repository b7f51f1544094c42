import { nextLink, parseTimeRange } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { IsoDateTime, iso, problems } from '../../platform/http/schemas.js';
import { AuditEntry } from '../../shared-types/audit-entry-shape.js';
import { auditRepo } from '../../store/repos/audit-repo.js';

const Query = Type.Object(
  {
    actor_type: Type.Optional(
      Type.Union(['user', 'api_key', 'system', 'anonymous'].map((v) => Type.Literal(v))),
    ),
    actor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    action: Type.Optional(
      Type.String({ maxLength: 100, description: 'An action, or a prefix ending in "." (monitor.)' }),
    ),
    resource_type: Type.Optional(Type.String({ maxLength: 50 })),
    resource_id: Type.Optional(Type.String({ maxLength: 100 })),
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
    before_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Page cursor: entries older than this id' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 100 })),
  },
  { additionalProperties: false },
);

const MAX_LIMIT = 1000;

/** The append-only audit log, newest first, for superadmins. */
export function auditLogRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/audit-log',
      {
        config: { auth: { role: 'superadmin' } },
        schema: {
          tags: ['audit-log'],
          security: [{ bearer: [] }],
          querystring: Query,
          response: { 200: Type.Array(AuditEntry), ...problems(401, 403, 422) },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const { from, to } = parseTimeRange(q.from, q.to);
        const limit = Math.min(q.limit ?? 100, MAX_LIMIT);
        const rows = await auditRepo.list(ctx.db, { ...q, from, to, limit });
        if (rows.length === limit) {
          reply.header(
            'link',
            nextLink('/api/audit-log', q, { limit, before_id: rows[rows.length - 1]!.id }),
          );
        }
        return rows.map((r) => ({
          ...r,
          at: iso(r.at),
          detail: r.detail === null ? null : JSON.parse(r.detail),
        }));
      },
    );
  };
}
