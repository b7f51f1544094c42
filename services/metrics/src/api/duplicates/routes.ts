import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { getDuplicate, listDuplicates } from '../../duplication/duplicates-service.js';
import { IdParams, problems } from '../../http/schemas.js';

const tags = ['results'];

const Location = {
  path: Type.String(),
  start_line: Type.Integer(),
  end_line: Type.Integer(),
};

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

const GroupSummary = Type.Object({
  group: Type.Integer({ description: '1 for the largest group, then by size.' }),
  tokens: Type.Integer(),
  lines: Type.Integer({ description: 'Lines of its longest occurrence.' }),
  occurrences: Type.Array(Type.Object(Location)),
});

const DuplicatesPage = Type.Object({
  items: Type.Array(GroupSummary),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
});

const GroupDetail = Type.Object({
  group: Type.Integer(),
  tokens: Type.Integer(),
  lines: Type.Integer(),
  occurrences: Type.Array(
    Type.Object({
      ...Location,
      text: Type.String({ description: 'The fragment as analysed (at most 200 lines and 16 KB).' }),
      truncated: Type.Boolean(),
    }),
  ),
});

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
