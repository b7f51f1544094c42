import { createReadStream, existsSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { evidenceStore } from '../../engine/checks/index.js';
import { errors } from '../../errors.js';
import { problems } from '../../platform/http/schemas.js';
import type { CheckDetails } from '../../shared-types/journey-shapes.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';

const KINDS = {
  screenshot: { field: 'screenshot', type: 'image/png', ext: 'png' },
  trace: { field: 'trace', type: 'application/zip', ext: 'zip' },
} as const;

/**
 * The evidence of a failed browser check (issue 32): its screenshot, shown inline by the dashboard,
 * and its Playwright trace, downloaded (open it with `npx playwright show-trace`). Viewers may read
 * them: they show what the page showed, with the monitor's secrets typed into fields masked by the
 * page itself only; docs/browser-checks.md says so.
 */
export function evidenceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/check-results/:id/evidence/:kind',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags: ['check-results'],
          security: [{ bearer: [] }],
          description:
            'The screenshot (image/png) or Playwright trace (application/zip) kept when a browser check failed; ' +
            '404 when none was kept or it was pruned (BROWSER_EVIDENCE_RETENTION_DAYS).',
          params: Type.Object({
            id: Type.Integer({ minimum: 1 }),
            kind: Type.Union([Type.Literal('screenshot'), Type.Literal('trace')]),
          }),
          response: { ...problems(401, 403, 404) },
        },
      },
      async (req, reply) => {
        const { id, kind } = req.params;
        const row = await checkResultsRepo.detailsOf(ctx.db, id);
        if (!row) throw errors.not_found(`Check result ${id} does not exist.`);
        const details = row.details ? (JSON.parse(row.details) as CheckDetails) : null;
        const spec = KINDS[kind];
        const name = details?.[spec.field] ?? null;
        const path = name ? evidenceStore().pathOf(name) : null;
        if (!path || !existsSync(path)) throw errors.not_found(`Check result ${id} has no ${kind} kept.`);
        reply.header('cache-control', 'private, max-age=3600');
        if (kind === 'trace') {
          reply.header('content-disposition', `attachment; filename="check-${id}-trace.${spec.ext}"`);
        }
        return reply.type(spec.type).send(createReadStream(path));
      },
    );
  };
}
