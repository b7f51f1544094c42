import {
  httpEdgeOptions,
  installHttpEdge,
  installProblemHandler,
  type ReadinessCheck,
  SWAGGER_UI_CSP,
} from '@app/kit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { analysesRoutes } from './api/analyses/routes.js';
import { codeHealthRoutes } from './api/code-health/routes.js';
import { compareRoutes } from './api/compare/routes.js';
import { coverageRoutes } from './api/coverage/routes.js';
import { downloadsRoutes } from './api/downloads/routes.js';
import { duplicatesRoutes } from './api/duplicates/routes.js';
import { findingsRoutes } from './api/findings/routes.js';
import { forgeRoutes } from './api/forge/routes.js';
import { gatesRoutes } from './api/gates/routes.js';
import { healthRoutes } from './api/health/routes.js';
import { insightsRoutes } from './api/insights/routes.js';
import { metaRoutes } from './api/meta/routes.js';
import { databaseChecks, probeRoutes } from './api/probes/routes.js';
import { prometheusRoutes } from './api/prometheus/routes.js';
import { reportsRoutes } from './api/reports/routes.js';
import { repositoriesRoutes } from './api/repositories/routes.js';
import { resultsRoutes } from './api/results/routes.js';
import { runActionsRoutes } from './api/run-actions/routes.js';
import { sessionRoutes } from './api/session/routes.js';
import { streamRoutes } from './api/stream/routes.js';
import { trendsRoutes } from './api/trends/routes.js';
import type { AppContext } from './context.js';
import { AccessGuard } from './platform/auth/access-guard.js';
import { Problem } from './platform/http/schemas.js';
import { webPlugin } from './platform/web/web-plugin.js';

/** Checks for `/readyz`; without one (tests building the app alone) only the database is asked. */
export type Readiness = () => Promise<ReadinessCheck[]>;

async function baseApp(ctx: AppContext): Promise<FastifyInstance> {
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
  return app;
}

/** The worker role's HTTP side: the two probes and nothing else (no API, no UI, no token needed). */
export async function buildProbeApp(ctx: AppContext, readiness: Readiness): Promise<FastifyInstance> {
  const app = await baseApp(ctx);
  await app.register(probeRoutes(readiness));
  return app;
}

const DOCS_PATHS = new Set(['/docs', '/docs/', '/api/docs', '/api/docs/']);

/** Builds the HTTP application on an already opened context; listening is the caller's business. */
export async function buildApp(ctx: AppContext, readiness?: Readiness): Promise<FastifyInstance> {
  const app = await baseApp(ctx);
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
  // `/docs` is the schema for API clients and the Swagger UI for browsers; `/api/docs` too, where
  // the monitor serves its own, so one habit finds both.
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'GET' || !DOCS_PATHS.has(path)) return;
    const accept = req.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) {
      return reply.type('application/json').send(app.swagger());
    }
  });
  for (const routePrefix of ['/docs', '/api/docs']) {
    // Each in its own scope: the UI plugin registers its routes once per instance.
    await app.register(async (scope) => {
      await scope.register(swaggerUi, { routePrefix, staticCSP: SWAGGER_UI_CSP });
    });
  }

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(metaRoutes(ctx));
  await app.register(probeRoutes(readiness ?? (() => databaseChecks(ctx.db))));
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
  await app.register(codeHealthRoutes(ctx));
  await app.register(healthRoutes(ctx));
  await app.register(coverageRoutes(ctx));
  await app.register(duplicatesRoutes(ctx));
  await app.register(gatesRoutes(ctx));
  await app.register(forgeRoutes(ctx));
  await app.register(prometheusRoutes(ctx));
  // Last: the UI answers every path the API and docs do not.
  await app.register(webPlugin());
  return app;
}
