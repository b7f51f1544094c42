import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { type TestCheckInput, testCheck } from '../../engine/monitors/test-check.js';
import { problems } from '../../platform/http/schemas.js';
import { MonitorTestBody, TestOutcome } from './schema.js';

/** The form's "Test" button: one check of an unsaved configuration. */
export function monitorTestRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/monitors/test',
      {
        config: { auth: { role: 'admin' as const } },
        schema: {
          tags: ['monitors'],
          security: [{ bearer: [] }],
          description:
            'Runs one check of the configuration in the body (validated as create does) with its timeout and ' +
            'answers what it found. Nothing is stored or audited. With `monitor_id`, masked credentials stand ' +
            'for that monitor’s stored ones while the URL keeps its scheme, host and port. At most 30 a minute per user.',
          body: MonitorTestBody,
          response: { 200: TestOutcome, ...problems(400, 401, 403, 404, 422, 429) },
        },
      },
      async (req) => testCheck(ctx, req, req.body as TestCheckInput),
    );
  };
}
