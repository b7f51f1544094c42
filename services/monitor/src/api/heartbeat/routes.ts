import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { recordHeartbeat } from '../../engine/heartbeat/heartbeat-service.js';
import { errors } from '../../errors.js';
import { problems } from '../../platform/http/schemas.js';

/** A ping's body is read and dropped; more than this is refused (413) rather than downloaded. */
export const MAX_PING_BODY = 64 * 1024;

const Params = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const Ack = Type.Object({ ok: Type.Boolean(), recorded: Type.Boolean() });

/** Heartbeat pings: no credentials, the token in the path is the secret. */
export function heartbeatRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Clients ping with whatever body their tool sends (curl -d is form-encoded): read none of it,
    // and no more than MAX_PING_BODY of it. A larger body (announced, or found while streaming)
    // gets a 413 at once and the connection is closed, so the server does not keep draining it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (req, payload, done) => {
      const tooLarge = () => {
        payload.pause();
        done(errors.payload_too_large(`A heartbeat ping body is at most ${MAX_PING_BODY} bytes.`), undefined);
      };
      if (Number(req.headers['content-length'] ?? 0) > MAX_PING_BODY) return tooLarge();
      let seen = 0;
      const onData = (chunk: Buffer) => {
        seen += chunk.length;
        if (seen <= MAX_PING_BODY) return;
        payload.off('data', onData);
        payload.off('end', onEnd);
        tooLarge();
      };
      const onEnd = () => done(null, undefined);
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', (err) => done(err, undefined));
    });
    // A refused body is left unread: closing the connection is what stops the client sending it.
    app.addHook('onSend', async (_req, reply) => {
      if (reply.statusCode === 413) reply.header('connection', 'close');
    });
    const config = { auth: { role: 'public' as const } };
    const schema = { tags: ['heartbeat'], params: Params, response: { 200: Ack, ...problems(404, 413) } };
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
