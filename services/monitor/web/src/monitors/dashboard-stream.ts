import { accessToken } from '../api/client.js';
import { refreshSession } from '../api/refresh.js';
import { readSession } from '../api/session.js';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface StreamHandlers {
  onEvent(event: string, data: unknown): void;
  onState(state: StreamState): void;
  /** After a reconnect: events may have been missed beyond the server's backlog, so reload state. */
  onResync(): void;
}

const EVENTS = [
  'monitor.check_result',
  'monitor.status_changed',
  'incident.opened',
  'incident.acknowledged',
  'incident.resolved',
];

/**
 * Keeps `/api/sse/dashboard` open. The browser's own retry resumes with Last-Event-ID; when it gives
 * up (a 401 after the access token expired, or the server was down), we refresh the token and open a
 * new stream with `last_event_id`, backing off up to 15 s. Returns a function that stops it.
 */
export function openDashboardStream(h: StreamHandlers): () => void {
  let es: EventSource | null = null;
  let lastId: string | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let hadError = false;

  const connect = async () => {
    if (stopped) return;
    h.onState(attempt === 0 ? 'connecting' : 'reconnecting');
    let token = await accessToken().catch(() => null);
    // A stream that failed may have failed on an expired token that still looks fresh locally.
    if (attempt > 0) {
      const s = readSession();
      if (s) token = (await refreshSession(s).catch(() => null))?.accessToken ?? token;
    }
    if (stopped || !token) return;
    const q = new URLSearchParams({ token });
    if (lastId) q.set('last_event_id', lastId);
    const source = new EventSource(`/api/sse/dashboard?${q}`);
    es = source;
    source.onopen = () => {
      const resync = attempt > 0 || hadError;
      attempt = 0;
      hadError = false;
      h.onState('live');
      if (resync) h.onResync();
    };
    source.onerror = () => {
      hadError = true;
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        scheduleRetry();
      } else h.onState('reconnecting');
    };
    for (const name of EVENTS) {
      source.addEventListener(name, (ev) => {
        const me = ev as MessageEvent<string>;
        if (me.lastEventId) lastId = me.lastEventId;
        try {
          h.onEvent(name, JSON.parse(me.data));
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
    const delay = Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
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
