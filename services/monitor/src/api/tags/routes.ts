import { PATTERN_MESSAGE } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { createTag, deleteTag, getTag, listTags, updateTag } from '../../engine/tags/tags-service.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { Tag } from '../../shared-types/group-shapes.js';
import { TagName } from '../monitors/schema.js';

const tags = ['tags'];
const security = [{ bearer: [] }];
const read = { auth: { role: 'viewer' as const } };
const write = { auth: { role: 'admin' as const } };

const TagBody = Type.Object(
  {
    name: TagName,
    color: Type.String({
      pattern: '^#[0-9a-fA-F]{6}$',
      [PATTERN_MESSAGE]: 'must be a colour such as #1f6feb',
      description: '#rrggbb',
    }),
  },
  { additionalProperties: false },
);

/** Tags: named colours monitors carry, with an optional value each. */
export function tagsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/tags',
      { config: read, schema: { tags, security, response: { 200: Type.Array(Tag), ...problems(401, 403) } } },
      () => listTags(ctx.db),
    );
    app.post(
      '/api/tags',
      {
        config: write,
        schema: {
          tags,
          security,
          body: TagBody,
          response: { 201: Tag, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createTag(ctx, req, req.body)),
    );
    app.get(
      '/api/tags/:id',
      {
        config: read,
        schema: { tags, security, params: IdParams, response: { 200: Tag, ...problems(401, 403, 404) } },
      },
      (req) => getTag(ctx, req.params.id),
    );
    app.put(
      '/api/tags/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          body: TagBody,
          response: { 200: Tag, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updateTag(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/tags/:id',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParams,
          summary: 'Delete a tag: it comes off every monitor',
          response: { 204: NoContent, ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        await deleteTag(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
