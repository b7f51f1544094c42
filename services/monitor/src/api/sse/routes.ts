import { SseStream } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import type { BusEvent } from '../../events/event-bus.js';
import { problems } from '../../http/schemas.js';

const Query = Type.Object(
  {
    token: Type.Optional(Type.String({ description: 'JWT or API key, for EventSource (no headers)' })),
    last_event_id: Type.Optional(Type.String({ description: 'Same as the Last-Event-ID header' })),
  },
  { additionalProperties: false },
);

export interface SseOptions {
  keepAliveMs?: number;
}

/** The dashboard's live stream: monitor.* (and later incident.*) events, resumable by Last-Event-ID. */
export function sseRoutes(ctx: AppContext, opts: SseOptions = {}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<SseStream>();
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const s of open) s.close();
    });
    app.get(
      '/api/sse/dashboard',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags: ['events'],
          security: [{ bearer: [] }],
          querystring: Query,
          response: { ...problems(401, 403) },
          description:
            'text/event-stream of monitor.check_result and monitor.status_changed events; a comment every 15 s.',
        },
      },
      async (req, reply) => {
        const header = req.headers['last-event-id'];
        const lastRaw = (Array.isArray(header) ? header[0] : header) ?? req.query.last_event_id;
        const lastId = lastRaw !== undefined && /^\d+$/.test(lastRaw.trim()) ? Number(lastRaw.trim()) : null;
        reply.hijack();
        let unsubscribe = () => {};
        const stream = new SseStream(reply.raw, {
          keepAliveMs: opts.keepAliveMs ?? 15_000,
          onClose: () => {
            unsubscribe();
            open.delete(stream);
          },
        });
        open.add(stream);
        const send = (ev: BusEvent) => stream.send({ id: ev.id, event: ev.event, data: ev.data });
        stream.comment('connected');
        if (lastId !== null) for (const ev of ctx.bus.since(lastId)) send(ev);
        if (!stream.closed) unsubscribe = ctx.bus.subscribe(send);
      },
    );
  };
}
