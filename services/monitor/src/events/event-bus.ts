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
}

/**
 * The in-process event bus behind the live stream (monitor.*, and incident.* later). Publishing is
 * synchronous and never waits for listeners; ids increase monotonically and start from the clock
 * (in microseconds) so they keep increasing across restarts.
 */
export class EventBus {
  private nextId = Date.now() * 1000;
  private readonly ring: BusEvent[] = [];
  private head = 0;
  private readonly size: number;
  private readonly listeners = new Set<BusListener>();

  constructor(opts: EventBusOptions = {}) {
    this.size = opts.backlog ?? 1000;
  }

  /** Publishes an event to every listener and keeps it in the backlog; returns it. */
  publish(event: string, data: unknown): BusEvent {
    const ev: BusEvent = { id: this.nextId++, event, data };
    if (this.ring.length < this.size) this.ring.push(ev);
    else {
      this.ring[this.head] = ev;
      this.head = (this.head + 1) % this.size;
    }
    for (const l of this.listeners) {
      try {
        l(ev);
      } catch {
        // A failing listener must not stop the others or the engine.
      }
    }
    return ev;
  }

  /** Events after `lastId` still in the backlog, oldest first. */
  since(lastId: number): BusEvent[] {
    return this.ordered().filter((e) => e.id > lastId);
  }

  /**
   * What a client that last saw `lastId` missed. `complete` is false when the backlog no longer
   * reaches back to `lastId`, or the id was never issued here (another instance, or before a
   * restart): the client must then reload its state instead of trusting the replay.
   */
  resume(lastId: number): { events: BusEvent[]; complete: boolean } {
    const ordered = this.ordered();
    // Ids are consecutive within a process, so the backlog covers `lastId` exactly from the id
    // before its oldest event up to the newest id issued.
    const oldest = ordered[0]?.id ?? this.nextId;
    const complete = lastId >= oldest - 1 && lastId < this.nextId;
    return { events: ordered.filter((e) => e.id > lastId), complete };
  }

  /** The id of the newest event published, or the one before the first when none was. */
  get lastId(): number {
    return this.nextId - 1;
  }

  private ordered(): BusEvent[] {
    return this.ring.length < this.size
      ? this.ring
      : [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
