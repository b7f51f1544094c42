import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { subscriptionsEnabled } from '../../alerting/subscriptions/subscriptions-config.js';
import type { AppContext } from '../../context.js';
import {
  publicPageFeed,
  publicPageHtml,
  Rendered,
} from '../../public-face/status-pages/public-page-service.js';
import { renderNotFound } from '../../public-face/status-pages/render/page-shell.js';
import { statusAssetBase, statusAssets } from '../../public-face/status-pages/status-assets.js';
import { etagMatches } from '../public/routes.js';
import { SLUG_PATTERN } from '../status-pages/schema.js';

const SLUG = new RegExp(SLUG_PATTERN);
const hidden = { schema: { hide: true } };

/** Pages revalidate every time (a 304 is cheap) so a visitor never sees an outage late. */
const PAGE_CACHE = 'public, max-age=0, must-revalidate';
const FEED_CACHE = 'public, max-age=60';

/**
 * The public status page, its Atom feed and its assets: no sign-in, HTML outside /api. Registered
 * before the dashboard, and /status/* and /status-assets/* answer here even for unknown paths,
 * so the dashboard's fallback never serves its app shell in their place.
 */
export function publicPagesRoutes(ctx: AppContext) {
  const assets = statusAssets();
  const assetBase = statusAssetBase();
  let notFound: Rendered | null = null;

  return async (app: FastifyInstance) => {
    // The form is shown when this service has the handler it posts to and a superadmin has set
    // subscriptions up (an e-mail channel and app_base_url); the handler answers 404 otherwise.
    let handler: boolean | null = null;
    const hasSubscriptions = async () => {
      handler ??= app.hasRoute({ method: 'POST', url: '/status/:slug/subscribe' });
      return handler && (await subscriptionsEnabled(ctx));
    };

    const sendNotFound = async (req: FastifyRequest, reply: FastifyReply) => {
      notFound ??= new Rendered(renderNotFound(assetBase));
      return sendRendered(req, reply.code(404), notFound, 'text/html; charset=utf-8', 'no-cache');
    };

    app.get<{ Params: { slug: string } }>('/status/:slug', hidden, async (req, reply) => {
      const { slug } = req.params;
      const page = SLUG.test(slug)
        ? await publicPageHtml(ctx, slug, { subscriptions: await hasSubscriptions(), assetBase })
        : null;
      if (!page) return sendNotFound(req, reply);
      return sendRendered(req, reply, page, 'text/html; charset=utf-8', PAGE_CACHE);
    });

    app.get<{ Params: { slug: string } }>('/status/:slug/feed.atom', hidden, async (req, reply) => {
      const { slug } = req.params;
      const base = ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;
      const feed = SLUG.test(slug) ? await publicPageFeed(ctx, slug, base) : null;
      if (!feed) return sendNotFound(req, reply);
      return sendRendered(req, reply, feed, 'application/atom+xml; charset=utf-8', FEED_CACHE);
    });

    app.get('/status', hidden, sendNotFound);
    app.get('/status/*', hidden, sendNotFound);

    app.get<{ Params: { version: string; file: string } }>(
      '/status-assets/:version/:file',
      hidden,
      async (req, reply) => {
        const file = assets.files.get(req.params.file);
        if (!file) return reply.callNotFound();
        // Another version's URL (a page cached from before a restart) still gets today's file,
        // but only the current version may be kept for good.
        const cache =
          req.params.version === assets.version ? 'public, max-age=31536000, immutable' : 'no-cache';
        return sendAsset(req, reply, file.body, file.etag, file.contentType, cache);
      },
    );
    app.get<{ Params: { file: string } }>('/status-assets/:file', hidden, async (req, reply) => {
      const file = assets.files.get(req.params.file);
      if (!file) return reply.callNotFound();
      return sendAsset(req, reply, file.body, file.etag, file.contentType, 'no-cache');
    });
    app.get('/status-assets/*', hidden, async (_req, reply) => reply.callNotFound());
  };
}

function sendAsset(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  etag: string,
  type: string,
  cache: string,
) {
  reply.header('content-type', type).header('cache-control', cache).header('etag', etag);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}

async function sendRendered(
  req: FastifyRequest,
  reply: FastifyReply,
  r: Rendered,
  type: string,
  cache: string,
) {
  reply.header('content-type', type).header('cache-control', cache).header('vary', 'accept-encoding');
  if (reply.statusCode === 200) {
    reply.header('etag', r.etag);
    if (etagMatches(req.headers['if-none-match'], r.etag)) return reply.code(304).send();
  }
  if (acceptsGzip(req)) {
    return reply.header('content-encoding', 'gzip').send(await r.gzipped());
  }
  return reply.send(r.body);
}

/** Whether the client takes gzip (named without q=0); a proxy or browser nearly always does. */
function acceptsGzip(req: FastifyRequest): boolean {
  const ae = req.headers['accept-encoding'];
  if (!ae) return false;
  return ae.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    return !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}
