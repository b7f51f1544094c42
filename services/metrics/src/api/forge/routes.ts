import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { handleWebhook } from '../../intake/forge/forge-intake.js';
import { problems } from '../../platform/http/schemas.js';

const Outcome = Type.Union([
  Type.Object({
    status: Type.Literal('queued'),
    analysis_id: Type.Integer(),
    base_analysis_id: Type.Union([Type.Integer(), Type.Null()]),
  }),
  Type.Object({ status: Type.Literal('ignored'), reason: Type.String() }),
]);
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** GitHub-compatible webhooks (docs/forge.md): open without the access token, signed with HMAC instead. */
export function forgeRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The signature covers the body's exact bytes: keep them (this scope only) instead of parsed JSON.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    app.post(
      '/api/forge/webhook',
      {
        // GitHub sends up to 25 MB; a push of many commits easily passes the API's 64 kB.
        bodyLimit: 10 * 1024 * 1024,
        schema: {
          tags: ['forge'],
          summary: 'GitHub push and pull_request webhooks: queue the head commit, report the verdict back',
          response: { 202: Outcome, ...problems(401, 404, 409, 422) },
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const outcome = await handleWebhook(
          ctx,
          {
            event: header(req.headers['x-github-event']),
            delivery: header(req.headers['x-github-delivery']),
            signature: header(req.headers['x-hub-signature-256']),
          },
          raw,
        );
        return reply.code(202).send(outcome);
      },
    );
  };
}
