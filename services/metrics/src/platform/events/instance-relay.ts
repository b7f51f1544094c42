import { type Logger, PgRelay } from '@app/kit';
import type { AnalysisEvents, RunMessage } from './analysis-events.js';

/** Everything the metrics instances say to each other over PostgreSQL's LISTEN/NOTIFY. */
export type InstanceMessage =
  | RunMessage
  // A run was queued (or handed back): idle workers look now instead of at their next poll.
  | { t: 'queued' }
  // A run was cancelled: the worker that has it stops at once instead of at its next heartbeat.
  | { t: 'cancel'; id: number }
  // A run was deleted: the instance whose worker wrote its output folder removes it.
  | { t: 'outputs_removed'; name: string };

/** What a relay message may ask of this process's worker (none in the api role). */
export interface WorkerHooks {
  wake(): void;
  cancel(id: number): void;
}

/** What a relay message may ask of this process's disk. */
export interface DiskHooks {
  removeOutputFolder(name: string): void;
}

const isMessage = (m: unknown): m is InstanceMessage =>
  typeof m === 'object' && m !== null && typeof (m as { t?: unknown }).t === 'string';

/**
 * The metrics service's link between instances on PostgreSQL: run changes and (throttled) progress
 * reach every instance's streams, and queue and cancel requests reach every worker. Nothing is
 * durable: after a gap, streams reload from the database and workers poll as they always do.
 */
export class InstanceRelay {
  private worker: WorkerHooks | undefined;
  private disk: DiskHooks | undefined;

  private constructor(
    private readonly relay: PgRelay,
    private readonly log: Logger,
  ) {}

  static async start(databaseUrl: string, events: AnalysisEvents, log: Logger): Promise<InstanceRelay> {
    let self: InstanceRelay | undefined;
    const relay = await PgRelay.start({
      databaseUrl,
      channel: 'metrics_events',
      onMessage: (m) => self?.receive(m, events),
      onGap: () => {
        if (!self) return;
        log.warn('instance relay reconnected: open streams reload their runs');
        events.gap();
        self.worker?.wake();
      },
      onError: (err) => log.warn({ err }, 'instance relay error'),
    });
    self = new InstanceRelay(relay, log);
    events.attach(self);
    return self;
  }

  /** Lets relay messages wake and cancel this process's worker. */
  attachWorker(worker: WorkerHooks): void {
    this.worker = worker;
  }

  /** Lets relay messages remove this instance's output folders of deleted runs. */
  attachDisk(disk: DiskHooks): void {
    this.disk = disk;
  }

  /**
   * Whether the LISTEN connection is up (a readiness check). PgRelay holds its client privately and
   * sets it to null while it reconnects; its errors alone cannot tell a lost connection from a bad
   * message, so the client is what is read (the multi-instance tests fail if that ever changes).
   */
  get connected(): boolean {
    return this.relay.connected;
  }

  publish(message: InstanceMessage): void {
    this.relay.publish(message);
  }

  /** Sends what is queued, then disconnects. */
  async close(): Promise<void> {
    await this.relay.close().catch((err: unknown) => this.log.warn({ err }, 'instance relay close failed'));
  }

  private receive(m: unknown, events: AnalysisEvents): void {
    if (!isMessage(m)) return;
    if (m.t === 'queued') this.worker?.wake();
    else if (m.t === 'cancel') this.worker?.cancel(m.id);
    else if (m.t === 'outputs_removed') {
      if (typeof m.name === 'string') this.disk?.removeOutputFolder(m.name);
    } else events.receive(m);
  }
}
