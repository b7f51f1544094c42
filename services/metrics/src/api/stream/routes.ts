import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { streamAnalysis } from '../../platform/events/analysis-stream.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { IdParams, problems } from '../../platform/http/schemas.js';

/** The progress stream of one analysis (server-sent events). */
export function streamRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/stream',
      {
        schema: {
          tags: ['analyses'],
          summary: 'Progress as server-sent events',
          description:
            'Replays a `stage` event `{stage, at}` for every stage passed, then live `stage` and `progress` `{stage, done, total}` events, then `done` `{id, output_name, summary}` or `failed` `{code, message}`, and closes.',
          params: IdParams,
          produces: ['text/event-stream'],
          response: { 200: Type.String({ description: 'text/event-stream' }), ...problems(404) },
        },
      },
      async (req, reply) => {
        const row = await getAnalysis(ctx, req.params.id);
        streamAnalysis(ctx, row, reply);
        return reply;
      },
    );
  };
}
