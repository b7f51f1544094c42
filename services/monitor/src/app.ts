import { httpEdgeOptions, installHttpEdge, installProblemHandler, SWAGGER_UI_CSP } from '@app/kit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ACK_PATH } from './alerting/notify/ack-url.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './alerting/subscriptions/subscriber-mail.js';
import { ackRoutes } from './api/ack/routes.js';
import { apiKeysRoutes } from './api/api-keys/routes.js';
import { auditLogRoutes } from './api/audit-log/routes.js';
import { oidcRoutes } from './api/auth/oidc-routes.js';
import { authRoutes } from './api/auth/routes.js';
import { sessionsRoutes } from './api/auth/sessions-routes.js';
import { badgesRoutes } from './api/badges/routes.js';
import { channelsRoutes } from './api/channels/routes.js';
import { channelTemplateRoutes } from './api/channels/template-routes.js';
import { evidenceRoutes } from './api/check-results/evidence-routes.js';
import { checkResultsRoutes } from './api/check-results/routes.js';
import { configRoutes } from './api/config/routes.js';
import { contactMethodsRoutes } from './api/contact-methods/routes.js';
import { escalationPoliciesRoutes } from './api/escalation-policies/routes.js';
import { groupsRoutes } from './api/groups/routes.js';
import { healthRoutes } from './api/health/routes.js';
import { heartbeatRoutes } from './api/heartbeat/routes.js';
import { incidentNotesRoutes } from './api/incidents/notes-routes.js';
import { incidentsRoutes } from './api/incidents/routes.js';
import { lazySchemaCompilers } from './api/lazy-schema-compilers.js';
import { locationsRoutes } from './api/locations/routes.js';
import { maintenanceRoutes } from './api/maintenance/routes.js';
import { monitorBulkRoutes } from './api/monitors/bulk-routes.js';
import { monitorsRoutes } from './api/monitors/routes.js';
import { monitorTestRoutes } from './api/monitors/test-routes.js';
import { probeRoutes } from './api/probe/routes.js';
import { prometheusRoutes } from './api/prometheus/routes.js';
import { publicRoutes } from './api/public/routes.js';
import { publicPagesRoutes } from './api/public-pages/routes.js';
import { reportsRoutes } from './api/reports/routes.js';
import { reportScheduleRoutes } from './api/reports/schedule-routes.js';
import { schedulesRoutes } from './api/schedules/routes.js';
import { settingsRoutes } from './api/settings/routes.js';
import { shareLinksRoutes } from './api/share-links/routes.js';
import { sharedRoutes } from './api/shared/routes.js';
import { sseRoutes } from './api/sse/routes.js';
import { statusPagesRoutes } from './api/status-pages/routes.js';
import { subscriptionAdminRoutes } from './api/subscriptions/admin-routes.js';
import { subscriptionPublicRoutes } from './api/subscriptions/public-routes.js';
import { tagsRoutes } from './api/tags/routes.js';
import { transferRoutes } from './api/transfer/routes.js';
import { twoFactorRoutes } from './api/two-factor/routes.js';
import { uptimeRoutes } from './api/uptime/routes.js';
import { usersRoutes } from './api/users/routes.js';
import type { AppContext } from './context.js';
import { installAuthentication } from './identity/auth/authenticate.js';
import { redeemStreamTicket } from './identity/streams/stream-tickets.js';
import { Problem } from './platform/http/schemas.js';
import { webRoutes } from './platform/web/web-plugin.js';

/** Paths that also take a single-use `?ticket=` (EventSource cannot send headers). */
export const TICKET_PATHS = ['/api/sse/dashboard'];

/**
 * Path prefixes whose next segment is a secret, redacted from every log line: heartbeat tokens and
 * the tokens of status page subscription links (confirm, unsubscribe).
 */
// Share links carry their token in the path (docs/reports.md): the logs keep it out too.
export const SECRET_PATH_PREFIXES = [
  '/api/heartbeat/',
  CONFIRM_PATH,
  UNSUBSCRIBE_PATH,
  '/shared/',
  '/api/shared/',
  ACK_PATH,
];

/** Builds the HTTP application on an already opened context; listening is the caller's business. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // Route plugins are typed by their TypeBox schemas (FastifyPluginAsyncTypebox); the root stays plain.
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    ...httpEdgeOptions,
    // Each route's validators and serializers compile on its first request (lazy-schema-compilers.ts).
    schemaController: {
      ...httpEdgeOptions.schemaController,
      compilersFactory: lazySchemaCompilers(httpEdgeOptions.schemaController?.compilersFactory),
    },
    bodyLimit: 2 * 1024 * 1024,
  });
  // First of all hooks: security headers, the control-character guard, no API key in a URL.
  await installHttpEdge(app, {
    refuseInQuery: {
      pattern: /^mon_/,
      detail:
        'API keys are not accepted in the URL, where logs and browser history keep them: send "Authorization: Bearer <key>".',
    },
  });

  // Every /api route must say who may call it: a forgotten rule fails at start, not in production.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.auth) {
      throw new Error(`route ${route.method} ${route.url} declares no config.auth`);
    }
  });

  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Monitor API',
        version: '1.0.0',
        description: 'Uptime monitoring: checks, incidents, alerts.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'JWT, mon_ API key, or mon_probe_ token (probe endpoints only)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: SWAGGER_UI_CSP });
  installProblemHandler(app);
  installAuthentication(app, ctx, {
    ticketPaths: TICKET_PATHS,
    redeemTicket: (ticket) => redeemStreamTicket(ctx, ticket),
  });

  app.get('/api/openapi.json', { config: { auth: { role: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  app.get(
    '/api/health',
    {
      config: { auth: { role: 'public' } },
      schema: { tags: ['meta'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(sessionsRoutes(ctx));
  await app.register(oidcRoutes(ctx));
  await app.register(twoFactorRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(apiKeysRoutes(ctx));
  await app.register(auditLogRoutes(ctx));
  await app.register(channelsRoutes(ctx));
  await app.register(channelTemplateRoutes(ctx));
  await app.register(escalationPoliciesRoutes(ctx));
  await app.register(schedulesRoutes(ctx));
  await app.register(contactMethodsRoutes(ctx));
  await app.register(ackRoutes(ctx));
  await app.register(maintenanceRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(monitorsRoutes(ctx));
  await app.register(monitorTestRoutes(ctx));
  await app.register(monitorBulkRoutes(ctx));
  await app.register(groupsRoutes(ctx));
  await app.register(tagsRoutes(ctx));
  await app.register(checkResultsRoutes(ctx));
  await app.register(evidenceRoutes(ctx));
  await app.register(heartbeatRoutes(ctx));
  await app.register(sseRoutes(ctx));
  await app.register(incidentsRoutes(ctx));
  await app.register(incidentNotesRoutes(ctx));
  await app.register(reportsRoutes(ctx));
  await app.register(reportScheduleRoutes(ctx));
  await app.register(shareLinksRoutes(ctx));
  await app.register(sharedRoutes(ctx));
  await app.register(transferRoutes(ctx));
  await app.register(configRoutes(ctx));
  await app.register(locationsRoutes(ctx));
  await app.register(probeRoutes(ctx));
  await app.register(uptimeRoutes(ctx));
  await app.register(badgesRoutes(ctx));
  await app.register(prometheusRoutes(ctx));
  await app.register(statusPagesRoutes(ctx));
  await app.register(publicRoutes(ctx));
  await app.register(publicPagesRoutes(ctx));
  await app.register(subscriptionAdminRoutes(ctx));
  // Before the dashboard's catch-all, though specific routes win over its wildcard anyway.
  await app.register(subscriptionPublicRoutes(ctx));
  await app.register(webRoutes());
  return app;
}
