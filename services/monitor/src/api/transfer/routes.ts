import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { problems } from '../../http/schemas.js';
import { exportMonitors } from '../../transfer/export-monitors.js';
import { importMonitors } from '../../transfer/import-monitors.js';

const tags = ['import-export'];
const security = [{ bearer: [] }];

const ExportDocument = Type.Object({
  version: Type.Integer(),
  exported_at: Type.String({ format: 'date-time' }),
  monitors: Type.Array(
    Type.Unknown({
      description:
        'A monitor: the fields of POST /api/monitors plus channels (names), paused and reminder_interval_minutes',
    }),
  ),
});
const ImportResult = Type.Object({
  imported: Type.Integer(),
  ids: Type.Array(Type.Integer()),
  warnings: Type.Array(Type.String()),
});

/** Portable monitor configuration out and in. */
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/export/monitors',
      {
        config: { auth: { role: 'admin' } },
        schema: { tags, security, response: { 200: ExportDocument, ...problems(401, 403) } },
      },
      async (_req, reply) => {
        const doc = await exportMonitors(ctx);
        reply.header(
          'content-disposition',
          `attachment; filename="monitors-${doc.exported_at.slice(0, 10)}.json"`,
        );
        return doc;
      },
    );
    app.post(
      '/api/import/monitors',
      {
        config: { auth: { role: 'admin' } },
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          security,
          description:
            'An export document or a bare array of monitors; unknown and runtime keys are ignored.',
          body: Type.Unknown(),
          response: { 200: ImportResult, ...problems(400, 401, 403, 413, 422) },
        },
      },
      (req) => importMonitors(ctx, req, req.body),
    );
  };
}
