import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { problems } from '../../http/schemas.js';
import type { PublicStatusPage } from '../../status-pages/public-view.js';
import { publicViewCache } from '../../status-pages/public-view-cache.js';
import { SLUG_PATTERN } from '../status-pages/schema.js';
import { PublicStatusPageSchema, SlugParams } from './schema.js';

const tags = ['public'];
const pub = { auth: { role: 'public' as const } };
const SLUG = new RegExp(SLUG_PATTERN);
/** Browsers and proxies may reuse an answer this long; the live script revalidates with the ETag. */
export const PUBLIC_MAX_AGE_S = 10;

/** True when an If-None-Match value names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

function crossOrigin(reply: FastifyReply) {
  // Anyone may embed the status of a public page; no credentials are involved.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'ETag');
}

/** The JSON twin of the public status page: no credentials, readable from any origin. */
export function publicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/public/status-pages/:slug',
      {
        config: pub,
        schema: {
          tags,
          description:
            'The public view of a status page (the data of /status/{slug}). Answers 304 to a matching If-None-Match.',
          params: SlugParams,
          response: {
            200: PublicStatusPageSchema,
            304: Type.Null({ description: 'Not modified' }),
            ...problems(404),
          },
        },
      },
      async (req, reply) => {
        crossOrigin(reply);
        const { slug } = req.params;
        const entry = SLUG.test(slug) ? await publicViewCache(ctx).entry(slug) : null;
        if (!entry) throw errors.not_found(`There is no public status page "${slug}".`);
        reply.header('etag', entry.etag);
        reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
        if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send(null);
        // Serialised once per build and sent as is (Fastify passes a string through unserialised);
        // the schema above documents it.
        return reply.type('application/json; charset=utf-8').send(entry.json as unknown as PublicStatusPage);
      },
    );
    app.options(
      '/api/public/status-pages/:slug',
      { config: pub, schema: { hide: true } },
      async (_req, reply) => {
        crossOrigin(reply);
        reply.header('access-control-allow-methods', 'GET, HEAD');
        reply.header('access-control-allow-headers', 'If-None-Match');
        reply.header('access-control-max-age', '86400');
        return reply.code(204).send();
      },
    );
  };
}
