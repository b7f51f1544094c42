/** An event as published on the bus and sent on the dashboard stream. */
export interface BusEvent {
  id: number;
  event: string;
  data: unknown;
}

export type BusListener = (ev: BusEvent) => void;

export interface EventBusOptions {
  /** How many recent events are kept for `Last-Event-ID` resumption. */
  backlog?: number;
  /** The clock, in ms (tests). */
  now?: () => number;
}

/** Told to listeners (not kept, not relayed) when events from other instances may have been lost. */
export const GAP_EVENT = 'resync';

/**
 * The event bus behind the live stream (monitor.*, incident.*). Publishing is synchronous and never
 * waits for listeners. Ids are a hybrid logical clock in microseconds: a new id is
 * max(now, last + 1), and an event received from another instance moves `last` up to its id. So ids
 * increase on every instance, across restarts, and order events across instances (within clock
 * skew), which lets a client resume with `Last-Event-ID` on whichever instance it reconnects to.
 */
export class EventBus {
  private last: number;
  /** The backlog, ordered by id (remote events are inserted at their place). */
  private readonly ring: BusEvent[] = [];
  /**
   * Resumes from before this id are incomplete: it is the id of the newest event dropped from the
   * backlog, the id before this bus started, or the newest id when a relay gap lost remote events.
   */
  private floor: number;
  private readonly size: number;
  private readonly now: () => number;
  private readonly listeners = new Set<BusListener>();
  private readonly taps = new Set<BusListener>();

  constructor(opts: EventBusOptions = {}) {
    this.size = opts.backlog ?? 1000;
    this.now = opts.now ?? Date.now;
    this.last = this.now() * 1000 - 1;
    this.floor = this.last;
  }

  /** Publishes an event made here to every listener and tap and keeps it in the backlog; returns it. */
  publish(event: string, data: unknown): BusEvent {
    const ev: BusEvent = { id: Math.max(this.now() * 1000, this.last + 1), event, data };
    this.last = ev.id;
    this.keep(ev);
    this.deliver(ev);
    for (const t of this.taps) t(ev);
    return ev;
  }

  /** An event published on another instance: kept at its place by id and delivered, not tapped. */
  receive(ev: BusEvent): void {
    if (ev.id > this.last) this.last = ev.id;
    this.keep(ev);
    this.deliver(ev);
  }

  /**
   * Events of other instances were lost (the relay reconnected): no resume from before now can be
   * complete, and every open stream is told to reload (a `resync` event with the current id).
   */
  gap(): void {
    this.floor = this.last;
    this.deliver({ id: this.last, event: GAP_EVENT, data: { reason: 'events_missed' } });
  }

  /** Events after `lastId` still in the backlog, oldest first. */
  since(lastId: number): BusEvent[] {
    return this.ring.filter((e) => e.id > lastId);
  }

  /**
   * What a client that last saw `lastId` missed. `complete` is false when the backlog no longer
   * reaches back to `lastId`, when `lastId` is newer than anything seen here (from the future, or a
   * forged id), or when a relay gap since then lost events: the client must then reload its state
   * instead of trusting the replay.
   */
  resume(lastId: number): { events: BusEvent[]; complete: boolean } {
    const complete = lastId >= this.floor && lastId <= this.last;
    return { events: this.since(lastId), complete };
  }

  /** The newest id issued or seen here. */
  get lastId(): number {
    return this.last;
  }

  /** Adds a listener (every event); returns the function that removes it. */
  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a tap on the events made here only (the relay); returns the function that removes it. */
  tap(listener: BusListener): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  private keep(ev: BusEvent): void {
    let i = this.ring.length;
    while (i > 0 && this.ring[i - 1]!.id > ev.id) i--;
    if (i > 0 && this.ring[i - 1]!.id === ev.id) return;
    this.ring.splice(i, 0, ev);
    if (this.ring.length > this.size) {
      const dropped = this.ring.shift()!;
      // A resume from before the oldest kept event cannot be complete.
      if (dropped.id > this.floor) this.floor = dropped.id;
    }
  }

  private deliver(ev: BusEvent): void {
    for (const l of this.listeners) {
      try {
        l(ev);
      } catch {
        // A failing listener must not stop the others or the engine.
      }
    }
  }
}
