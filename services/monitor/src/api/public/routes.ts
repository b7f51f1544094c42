import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { problems } from '../../platform/http/schemas.js';
import type { PublicStatusPage } from '../../public-face/status-pages/public-view.js';
import { publicViewCache } from '../../public-face/status-pages/public-view-cache.js';
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

/** Whether an Accept-Encoding value allows gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
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
        reply.header('vary', 'Accept-Encoding');
        if (etagMatches(req.headers['if-none-match'], entry.etag)) {
          // Nothing at all, not a serialised `null`: a 304 has no body, so a Content-Length: 4
          // would break the connection for the client.
          return reply.code(304).send(undefined as unknown as null);
        }
        // Serialised (and compressed) once per build and sent as is: Fastify passes a string or a
        // buffer through unserialised; the schema above documents it.
        if (acceptsGzip(req.headers['accept-encoding'])) {
          reply.header('content-encoding', 'gzip');
          return reply
            .type('application/json; charset=utf-8')
            .send(entry.gzip() as unknown as PublicStatusPage);
        }
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
