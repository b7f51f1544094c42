import { SseStream } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import type { BusEvent } from '../../events/event-bus.js';
import { INTERNAL_EVENTS } from '../../events/internal-events.js';
import { issueStreamTicket, TICKET_SECONDS } from '../../events/stream-tickets.js';
import { problems } from '../../http/schemas.js';

const Query = Type.Object(
  {
    ticket: Type.Optional(
      Type.String({
        description: 'Single-use ticket from POST /api/sse/tickets, for EventSource (no headers)',
      }),
    ),
    last_event_id: Type.Optional(Type.String({ description: 'Same as the Last-Event-ID header' })),
  },
  { additionalProperties: false },
);

const Ticket = Type.Object({
  ticket: Type.String({ description: 'Pass as ?ticket= to GET /api/sse/dashboard; works once' }),
  expires_in: Type.Integer({ description: 'Seconds the ticket stays valid' }),
});

/** Sent instead of a replay when the client's Last-Event-ID is beyond what this instance still holds. */
export const RESYNC_EVENT = 'resync';

export interface SseOptions {
  keepAliveMs?: number;
}

/** The dashboard's live stream: monitor.* and incident.* events, resumable by Last-Event-ID. */
export function sseRoutes(ctx: AppContext, opts: SseOptions = {}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<SseStream>();
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const s of open) s.close();
    });
    app.post(
      '/api/sse/tickets',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags: ['events'],
          security: [{ bearer: [] }],
          response: { 200: Ticket, ...problems(401, 403) },
          description: `A single-use ticket for GET /api/sse/dashboard?ticket=…, valid ${TICKET_SECONDS} s: the stream URL never carries a token or key. Get a new one for every (re)connect.`,
        },
      },
      (req) => issueStreamTicket(ctx, principalOf(req)),
    );
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
            'text/event-stream of monitor.check_result, monitor.status_changed and incident.* events; a comment every 15 s. Credentials: Authorization header, or ?ticket= from POST /api/sse/tickets (?token= is refused). When Last-Event-ID is older than the backlog (or unknown here), a `resync` event says events were missed: reload the state.',
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
            ctx.prometheus.sseClosed();
          },
        });
        open.add(stream);
        ctx.prometheus.sseOpened();
        // Events of other instances can arrive after newer ones made here (ids are ordered across
        // instances, arrival is not): the stream's id never goes back, so a Last-Event-ID resume
        // does not replay what the client already has.
        let sent = 0;
        const send = (ev: BusEvent) => {
          if (INTERNAL_EVENTS.has(ev.event)) return;
          sent = Math.max(sent, ev.id);
          stream.send({ id: sent, event: ev.event, data: ev.data });
        };
        stream.comment('connected');
        if (lastRaw !== undefined) {
          const resumed = lastId === null ? null : ctx.bus.resume(lastId);
          if (resumed?.complete) for (const ev of resumed.events) send(ev);
          else {
            // A partial replay would look complete to the client: say plainly that it must reload.
            // The id moves the client's Last-Event-ID to now, so its next reconnect resumes normally.
            send({ id: ctx.bus.lastId, event: RESYNC_EVENT, data: { reason: 'events_missed' } });
          }
        }
        if (!stream.closed) unsubscribe = ctx.bus.subscribe(send);
      },
    );
  };
}
