// The swagger plugin adds `hide` to route schemas.
/// <reference types="@fastify/swagger" />
import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where `npm run build -w services/metrics/web` writes the UI. */
export const WEB_DIST = resolve(new URL('../../../web/dist', import.meta.url).pathname);

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Code metrics</title>
<p>The web UI has not been built: run <code>npm run build -w services/metrics/web</code>, or start the
service with <code>npm run start:metrics</code>, which builds it. The API is documented at <a href="/docs">/docs</a>.</p>`;

/** A regular file under `root` named by a URL path, or null (never anything outside root). */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = resolve(root, `.${decoded}`);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).some((p) => p.startsWith('.'))) return null;
  try {
    return statSync(full).isFile() ? rel : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built UI at `/`: its files as they are, and index.html for any other path outside /api and
 * /docs, so deep links reach the browser's router. API and docs paths keep their own 404s.
 */
export function webPlugin(opts: { distDir?: string } = {}) {
  const root = opts.distDir ?? WEB_DIST;
  return async (app: FastifyInstance) => {
    await app.register(fastifyStatic, { root, serve: false });
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (/^\/(api|docs|openapi\.json)(\/|$)/.test(path)) return reply.callNotFound();
      const file = path === '/' ? null : fileUnder(root, path);
      // Vite hashes asset names, so they never change under the same name.
      if (file?.startsWith(`assets${sep}`)) return reply.sendFile(file, { maxAge: '365d', immutable: true });
      if (file) return reply.sendFile(file, { maxAge: 0 });
      // A missing script or style must stay a 404: HTML in its place hides the real error.
      if (path.startsWith('/assets/')) return reply.callNotFound();
      if (!fileUnder(root, '/index.html'))
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { maxAge: 0, cacheControl: false });
    };
    app.get('/', { schema: { hide: true } }, handler);
    app.get('/*', { schema: { hide: true } }, handler);
  };
}
