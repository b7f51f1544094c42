import { api } from '../api/client.js';
import type { StreamTicket } from '../api/types.js';
import { reportReachable } from '../lib/connectivity.js';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface StreamHandlers {
  onEvent(event: string, data: unknown): void;
  onState(state: StreamState): void;
  /**
   * The stream is open (the first time or again) or the server said events were missed: load the
   * state now. Events that arrive meanwhile are already being delivered, so nothing falls between.
   */
  onResync(): void;
}

const EVENTS = [
  'monitor.check_result',
  'monitor.status_changed',
  'incident.opened',
  'incident.acknowledged',
  'incident.updated',
  'incident.resolved',
  'location.online',
  'location.offline',
  'location.updated',
  'location.deleted',
];

/**
 * Keeps `/api/sse/dashboard` open. The URL carries a single-use ticket, never the access token, so
 * every (re)connect asks POST /api/sse/tickets for a new one (through the API client, which
 * refreshes an expired session) and resumes with `last_event_id`. The browser's own retry would
 * reuse a spent ticket, so on any error the source is closed and reopened here, backing off up to
 * 15 s. Returns a function that stops it.
 */
export function openDashboardStream(h: StreamHandlers): () => void {
  let es: EventSource | null = null;
  let lastId: string | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    h.onState(attempt === 0 ? 'connecting' : 'reconnecting');
    let ticket: string;
    try {
      ticket = (await api<StreamTicket>('/api/sse/tickets', { method: 'POST' })).ticket;
    } catch {
      // Unreachable, or signed out (the auth context then stops this stream): try again later.
      scheduleRetry();
      return;
    }
    if (stopped) return;
    const q = new URLSearchParams({ ticket });
    if (lastId) q.set('last_event_id', lastId);
    const source = new EventSource(`/api/sse/dashboard?${q}`);
    es = source;
    source.onopen = () => {
      attempt = 0;
      reportReachable();
      h.onState('live');
      h.onResync();
    };
    source.onerror = () => {
      source.close();
      if (es === source) es = null;
      scheduleRetry();
    };
    const track = (ev: Event) => {
      const id = (ev as MessageEvent<string>).lastEventId;
      if (id) lastId = id;
    };
    // The server lost track of this client's place (backlog passed, or another instance): reload.
    source.addEventListener('resync', (ev) => {
      track(ev);
      h.onResync();
    });
    for (const name of EVENTS) {
      source.addEventListener(name, (ev) => {
        track(ev);
        try {
          h.onEvent(name, JSON.parse((ev as MessageEvent<string>).data));
        } catch {
          // A malformed event is dropped; the next resync repairs the state.
        }
      });
    }
  };

  const scheduleRetry = () => {
    if (stopped) return;
    attempt++;
    h.onState('reconnecting');
    const delay = Math.min(15_000, 250 * 2 ** Math.min(attempt, 6));
    retryTimer = setTimeout(() => void connect(), delay);
  };

  void connect();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    es?.close();
    h.onState('stopped');
  };
}
