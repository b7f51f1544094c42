import { type Logger, PgRelay } from '@app/kit';
import type { BusEvent, EventBus } from './event-bus.js';

/** The NOTIFY channel of the monitor's instances (PgRelay appends the schema). */
export const RELAY_CHANNEL = 'monitor_relay';

/** A bus event travelling to the other instances. */
interface EventMessage {
  t: 'e';
  id: number;
  event: string;
  data: unknown;
}

/** Anything else the instances tell each other (the scheduler's change and hand-over notices). */
export interface Notice {
  t: string;
  [k: string]: unknown;
}

/**
 * The monitor's instances on one PostgreSQL talk through one PgRelay: every event published on this
 * instance's bus goes to the others (and theirs come in, kept in the backlog by id); notices carry
 * what the scheduler needs to know at once. After a reconnect the bus is told of the gap, so open
 * streams resync and resumes from before it are not trusted.
 */
export class InstanceRelay {
  private noticeHandlers = new Set<(n: Notice) => void>();
  private untap: () => void = () => {};

  private constructor(private relay: PgRelay | null) {}

  static async start(opts: { databaseUrl: string; bus: EventBus; log: Logger }): Promise<InstanceRelay> {
    const { bus, log } = opts;
    const holder = new InstanceRelay(null);
    const relay = await PgRelay.start({
      databaseUrl: opts.databaseUrl,
      channel: RELAY_CHANNEL,
      onMessage: (m) => holder.received(m, bus),
      onGap: () => {
        log.warn('instance relay reconnected: events of other instances may have been missed');
        bus.gap();
      },
      onError: (err) => log.warn({ err }, 'instance relay'),
    });
    holder.relay = relay;
    holder.untap = bus.tap((ev: BusEvent) =>
      relay.publish({ t: 'e', id: ev.id, event: ev.event, data: ev.data } satisfies EventMessage),
    );
    return holder;
  }

  /** Whether messages currently reach the other instances. */
  get connected(): boolean {
    return this.relay?.connected ?? false;
  }

  /** Sends a notice to every other instance (batched with the events of this turn). */
  notify(n: Notice): void {
    this.relay?.publish(n);
  }

  /** Listens to the notices of the other instances; returns the function that stops it. */
  onNotice(handler: (n: Notice) => void): () => void {
    this.noticeHandlers.add(handler);
    return () => this.noticeHandlers.delete(handler);
  }

  /** Hands what is queued to PostgreSQL and closes the connection. */
  async close(): Promise<void> {
    this.untap();
    await this.relay?.close();
    this.relay = null;
  }

  private received(m: unknown, bus: EventBus): void {
    if (!m || typeof m !== 'object') return;
    const msg = m as Notice;
    if (msg.t === 'e') {
      const e = msg as unknown as EventMessage;
      if (typeof e.id === 'number' && typeof e.event === 'string') {
        bus.receive({ id: e.id, event: e.event, data: e.data });
      }
      return;
    }
    for (const h of this.noticeHandlers) h(msg);
  }
}
