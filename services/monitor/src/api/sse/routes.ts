import { SseStream } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { SessionStreams } from '../../identity/streams/session-streams.js';
import { issueStreamTicket, TICKET_SECONDS } from '../../identity/streams/stream-tickets.js';
import type { BusEvent } from '../../platform/events/event-bus.js';
import { INTERNAL_EVENTS } from '../../platform/events/internal-events.js';
import { problems } from '../../platform/http/schemas.js';
import { StreamTicket as Ticket } from '../../shared-types/live-events.js';

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

/** Sent instead of a replay when the client's Last-Event-ID is beyond what this instance still holds. */
export const RESYNC_EVENT = 'resync';
/** The last event of a stream whose session, key or user has ended (then the stream closes). */
export const SESSION_ENDED_EVENT = 'session_ended';

export interface SseOptions {
  keepAliveMs?: number;
}

/** The dashboard's live stream: monitor.* and incident.* events, resumable by Last-Event-ID. */
export function sseRoutes(ctx: AppContext, opts: SseOptions = {}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<SseStream>();
    // Each stream ends with the session (or key, or user) it was opened with, on every instance.
    const sessions = new SessionStreams(ctx);
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      sessions.stop();
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
            'text/event-stream of monitor.check_result, monitor.status_changed and incident.* events; a comment every 15 s. When the session (or API key, or user) it was opened with ends, on any instance, a `session_ended` event is sent and the stream closes. Credentials: Authorization header, or ?ticket= from POST /api/sse/tickets (?token= is refused). When Last-Event-ID is older than the backlog (or unknown here), a `resync` event says events were missed: reload the state.',
        },
      },
      async (req, reply) => {
        const header = req.headers['last-event-id'];
        const lastRaw = (Array.isArray(header) ? header[0] : header) ?? req.query.last_event_id;
        const lastId = lastRaw !== undefined && /^\d+$/.test(lastRaw.trim()) ? Number(lastRaw.trim()) : null;
        const p = principalOf(req);
        reply.hijack();
        let unsubscribe = () => {};
        let release = () => {};
        const stream = new SseStream(reply.raw, {
          keepAliveMs: opts.keepAliveMs ?? 15_000,
          onClose: () => {
            unsubscribe();
            release();
            open.delete(stream);
            ctx.prometheus.sseClosed();
          },
        });
        open.add(stream);
        release = sessions.add({
          userId: p.userId,
          sessionId: p.sessionId,
          apiKeyId: p.apiKeyId,
          close: (detail) => {
            stream.send({ event: SESSION_ENDED_EVENT, data: { detail } });
            stream.close();
          },
        });
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
