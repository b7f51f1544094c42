import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { getDuplicate, listDuplicates } from '../../insights/duplication/duplicates-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { DuplicatesPage, CloneGroupDetail as GroupDetail } from '../../shared-types/duplicate-shapes.js';

const tags = ['results'];

const DuplicatesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    path: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'Only groups with an occurrence whose path starts with this (case-sensitive).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The clone groups of a finished run: a page sorted by size, and one group with its fragments' text. */
export function duplicatesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/duplicates',
      {
        schema: {
          tags,
          summary: 'Clone groups of a finished analysis, largest first, paged',
          params: IdParams,
          querystring: DuplicatesQuery,
          response: { 200: DuplicatesPage, ...problems(404, 409, 422) },
        },
      },
      async (req) => listDuplicates(ctx, req.params.id, req.query),
    );
    app.get(
      '/api/analyses/:id/duplicates/:group',
      {
        schema: {
          tags,
          summary: 'One clone group with the text of each occurrence',
          params: Type.Object({ id: Type.Integer({ minimum: 1 }), group: Type.Integer({ minimum: 1 }) }),
          response: { 200: GroupDetail, ...problems(404, 409, 422) },
        },
      },
      async (req) => getDuplicate(ctx, req.params.id, req.params.group),
    );
  };
}
