import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { exportMonitors } from '../../operations/transfer/export-monitors.js';
import { importMonitors, previewImport } from '../../operations/transfer/import-monitors.js';
import { problems } from '../../platform/http/schemas.js';
import {
  ImportResult,
  ImportModeSchema as Mode,
  ImportPreview as Preview,
} from '../../shared-types/transfer-shapes.js';

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
const ImportQuery = Type.Object({ mode: Type.Optional(Mode) }, { additionalProperties: false });
const importBody = {
  description: 'An export document or a bare array of monitors; unknown and runtime keys are ignored.',
  body: Type.Unknown(),
};

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
      '/api/import/monitors/preview',
      {
        config: { auth: { role: 'admin' } },
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          security,
          ...importBody,
          summary: 'What an import would do, writing nothing: counts and per-entry status',
          response: { 200: Preview, ...problems(400, 401, 403, 413, 422) },
        },
      },
      (req) => previewImport(ctx, req.body),
    );
    app.post(
      '/api/import/monitors',
      {
        config: { auth: { role: 'admin' } },
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          security,
          ...importBody,
          querystring: ImportQuery,
          response: { 200: ImportResult, ...problems(400, 401, 403, 413, 422) },
        },
      },
      (req) => importMonitors(ctx, req, req.body, req.query.mode ?? 'skip_existing'),
    );
  };
}
