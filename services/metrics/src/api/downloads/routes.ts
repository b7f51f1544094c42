import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { openDownload } from '../../outputs/exports/downloads.js';
import { problems } from '../../platform/http/schemas.js';

const Params = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  level: Type.String({ maxLength: 40, description: 'file, class, function, summary, or all (ZIP)' }),
});

/** CSV downloads per level and the ZIP of everything. */
export function downloadsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/download/:level',
      {
        schema: {
          tags: ['downloads'],
          summary: 'Download one level as CSV, or `all` as a ZIP',
          params: Params,
          produces: ['text/csv', 'application/zip'],
          response: { ...problems(404, 409) },
        },
      },
      async (req, reply) => {
        const d = await openDownload(ctx, req.params.id, req.params.level);
        return reply
          .type(d.contentType)
          .header('Content-Disposition', `attachment; filename="${d.fileName}"`)
          .header('Content-Length', d.size)
          .send(d.stream);
      },
    );
  };
}
