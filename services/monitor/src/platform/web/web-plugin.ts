import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceFile } from '../../service-root.js';
import { resolveStatic, type StaticFile } from './static-files.js';

/** Where `npm run build -w services/monitor/web` writes the dashboard. */
export const DEFAULT_WEB_DIST = serviceFile('web', 'dist');

export interface WebOptions {
  /** The built UI's folder; the default is services/monitor/web/dist. */
  distDir?: string;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Monitor</title>
<p>The dashboard has not been built. Run <code>npm run build -w services/monitor/web</code>
(or start the service with <code>npm run start:monitor</code>, which builds it). The API is at
<a href="/api/docs">/api/docs</a>.</p>`;

/** Paths the dashboard's fallback leaves alone: the API, and the public status pages and their assets. */
const NOT_THE_DASHBOARD = ['/api', '/status', '/status-assets'];

/**
 * Serves the dashboard at `/`: files of the build as they are, and index.html for every other
 * non-API path so the browser's router can handle deep links. /api stays with the API's 404.
 */
export function webRoutes(opts: WebOptions = {}) {
  const root = resolve(opts.distDir ?? DEFAULT_WEB_DIST);
  return async (app: FastifyInstance) => {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (NOT_THE_DASHBOARD.some((p) => path === p || path.startsWith(`${p}/`))) return reply.callNotFound();
      const file = path === '/' ? null : resolveStatic(root, path);
      if (file) return send(req, reply, file);
      // A missing hashed asset must be a 404: answering HTML where a script is expected hides the error.
      if (path.startsWith('/assets/')) return reply.callNotFound();
      const index = resolveStatic(root, '/index.html');
      if (!index) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      return send(req, reply, index);
    };
    app.get('/', { schema: { hide: true } }, handler);
    app.get('/*', { schema: { hide: true } }, handler);
  };
}

function send(req: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('last-modified', file.stat.mtime.toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
  reply.header('content-length', file.stat.size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(file.path));
}
