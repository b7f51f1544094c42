import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { recordHeartbeat } from '../../heartbeat/heartbeat-service.js';
import { problems } from '../../http/schemas.js';

const Params = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const Ack = Type.Object({ ok: Type.Boolean(), recorded: Type.Boolean() });

/** Heartbeat pings: no credentials, the token in the path is the secret. */
export function heartbeatRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Clients ping with whatever body their tool sends (curl -d is form-encoded): read none of it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', (err) => done(err, undefined));
    });
    const config = { auth: { role: 'public' as const } };
    const schema = { tags: ['heartbeat'], params: Params, response: { 200: Ack, ...problems(404) } };
    // HEAD gets the same status as GET (Fastify answers it from the GET route) and no body.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/heartbeat/:token',
      config,
      schema,
      handler: async (req) => ({ ok: true, recorded: await recordHeartbeat(ctx, req.params.token, true) }),
    });
    app.route({
      method: ['GET', 'POST'],
      url: '/api/heartbeat/:token/fail',
      config,
      schema,
      handler: async (req) => ({ ok: true, recorded: await recordHeartbeat(ctx, req.params.token, false) }),
    });
  };
}
