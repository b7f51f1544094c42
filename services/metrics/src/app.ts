import { httpEdgeOptions, installHttpEdge, installProblemHandler, SWAGGER_UI_CSP } from '@app/kit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { analysesRoutes } from './api/analyses/routes.js';
import { compareRoutes } from './api/compare/routes.js';
import { downloadsRoutes } from './api/downloads/routes.js';
import { duplicatesRoutes } from './api/duplicates/routes.js';
import { findingsRoutes } from './api/findings/routes.js';
import { insightsRoutes } from './api/insights/routes.js';
import { metaRoutes } from './api/meta/routes.js';
import { reportsRoutes } from './api/reports/routes.js';
import { repositoriesRoutes } from './api/repositories/routes.js';
import { resultsRoutes } from './api/results/routes.js';
import { runActionsRoutes } from './api/run-actions/routes.js';
import { sessionRoutes } from './api/session/routes.js';
import { streamRoutes } from './api/stream/routes.js';
import { trendsRoutes } from './api/trends/routes.js';
import { AccessGuard } from './auth/access-guard.js';
import type { AppContext } from './context.js';
import { Problem } from './http/schemas.js';
import { webPlugin } from './web/web-plugin.js';

/** Builds the HTTP application on an already opened context; listening is the caller's business. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    ...httpEdgeOptions,
    bodyLimit: 64 * 1024,
  });
  // First of all hooks: security headers and the control-character guard.
  await installHttpEdge(app);
  app.addSchema(Problem);
  // Before any plugin: encapsulated ones (the Swagger UI) inherit the handler only if it exists first.
  installProblemHandler(app);
  // First: with METRICS_API_TOKEN set, nothing below answers without the token or a session.
  const guard = new AccessGuard(ctx.config.apiToken, ctx.config.adminToken);
  app.addHook('onRequest', guard.check);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Code metrics API',
        version: '1.0.0',
        description:
          'Analyses public Python repositories: complexity, maintainability, Halstead, raw counts, pylint and git history, at file, class, function and summary level.',
      },
    },
  });
  // `/docs` is the schema for API clients and the Swagger UI for browsers.
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method !== 'GET' || (path !== '/docs' && path !== '/docs/')) return;
    const accept = req.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) {
      return reply.type('application/json').send(app.swagger());
    }
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: SWAGGER_UI_CSP });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(metaRoutes(ctx));
  await app.register(sessionRoutes(guard));
  await app.register(analysesRoutes(ctx));
  await app.register(runActionsRoutes(ctx, guard));
  await app.register(streamRoutes(ctx));
  await app.register(downloadsRoutes(ctx));
  await app.register(resultsRoutes(ctx));
  await app.register(repositoriesRoutes(ctx));
  await app.register(trendsRoutes(ctx));
  await app.register(compareRoutes(ctx));
  await app.register(reportsRoutes(ctx));
  await app.register(insightsRoutes(ctx));
  await app.register(findingsRoutes(ctx));
  await app.register(duplicatesRoutes(ctx));
  // Last: the UI answers every path the API and docs do not.
  await app.register(webPlugin());
  return app;
}
