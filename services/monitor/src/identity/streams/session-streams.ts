import type { Logger } from '@app/kit';
import { type BusEvent, type EventBus, GAP_EVENT } from '../../platform/events/event-bus.js';
import { SESSIONS_ENDED_EVENT } from '../../platform/events/sessions-ended-event.js';
import { type StreamCredentials, type StreamTicketDeps, streamPrincipal } from './stream-tickets.js';

/** What the open streams use: the bus they listen on, the database that rechecks them, the log. */
export interface SessionStreamsDeps extends StreamTicketDeps {
  bus: Pick<EventBus, 'subscribe'>;
  log: Pick<Logger, 'warn'>;
}

interface Held extends StreamCredentials {
  /** Ends the stream, saying why. */
  close(detail: string): void;
}

/**
 * The open live streams of this instance by user (issue 29). When sessions of a user end, anywhere,
 * each of that user's streams checks its credentials afresh (`streamPrincipal`, as a new stream
 * would) and closes when they no longer hold: the event says whose, the database says which. After
 * a relay gap (events of other instances possibly lost) every stream checks.
 */
export class SessionStreams {
  private readonly byUser = new Map<number, Set<Held>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: SessionStreamsDeps) {
    this.unsubscribe = deps.bus.subscribe((ev) => this.heard(ev));
  }

  /** Holds a stream until it closes; returns the function that lets it go. */
  add(held: Held): () => void {
    const set = this.byUser.get(held.userId) ?? new Set<Held>();
    this.byUser.set(held.userId, set);
    set.add(held);
    return () => {
      set.delete(held);
      if (set.size === 0 && this.byUser.get(held.userId) === set) this.byUser.delete(held.userId);
    };
  }

  stop(): void {
    this.unsubscribe();
  }

  /** Checks the streams of one user (or all), closing those whose session, key or user is gone. */
  async recheck(userId?: number): Promise<void> {
    const sets = userId === undefined ? [...this.byUser.values()] : [this.byUser.get(userId) ?? new Set()];
    const held = sets.flatMap((s) => [...s]);
    await Promise.all(
      held.map(async (h) => {
        try {
          const now = await streamPrincipal(this.deps, h);
          if ('error' in now) h.close(now.error);
        } catch (err) {
          // The database is away: the next event or gap checks again.
          this.deps.log.warn({ err }, 'live stream: could not check its session');
        }
      }),
    );
  }

  private heard(ev: BusEvent): void {
    if (ev.event === SESSIONS_ENDED_EVENT) {
      const userId = (ev.data as { user_id?: unknown } | null)?.user_id;
      if (typeof userId === 'number' && this.byUser.has(userId)) void this.recheck(userId);
    } else if (ev.event === GAP_EVENT) void this.recheck();
  }
}
