import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { problems } from '../../http/schemas.js';
import { exportMonitors } from '../../transfer/export-monitors.js';
import { importMonitors, previewImport } from '../../transfer/import-monitors.js';

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
const Mode = Type.Union(
  [Type.Literal('skip_existing'), Type.Literal('update_by_name'), Type.Literal('keep_both')],
  {
    default: 'skip_existing',
    description:
      'For an entry whose name a monitor here already has: skip it (default: a re-import creates nothing), update that monitor (exactly one of that name), or create another beside it',
  },
);
const ImportQuery = Type.Object({ mode: Type.Optional(Mode) }, { additionalProperties: false });
const ImportResult = Type.Object({
  imported: Type.Integer({ description: 'Monitors written: created + updated' }),
  ids: Type.Array(Type.Integer()),
  mode: Mode,
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  warnings: Type.Array(Type.String()),
});
const FieldProblem = Type.Object({ path: Type.String(), message: Type.String() });
const Preview = Type.Object({
  total: Type.Integer(),
  new: Type.Integer(),
  existing: Type.Integer({ description: 'Entries whose name a monitor here already has' }),
  invalid: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      index: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      status: Type.Union([Type.Literal('new'), Type.Literal('existing'), Type.Literal('invalid')]),
      existing_ids: Type.Array(Type.Integer()),
      errors: Type.Array(FieldProblem),
    }),
  ),
});
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
