import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/events/event-bus.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { MonitorDB } from '../../store/schema.js';

/** How often the set is re-read, so a change made on another instance without an event arrives. */
const DEFAULT_REFRESH_MS = 5_000;

/**
 * Which locations are online, from memory: the engine asks per judged result whose votes count.
 * Re-read every few seconds and updated at once by `location.online`/`location.offline` events
 * (relayed between instances). `local` is always online: it is this program.
 */
export class LocationRegistry {
  private online = new Set<string>([LOCAL_LOCATION_ID]);
  /** The check types each probe said it cannot run (its heartbeat's `unsupported_types`). */
  private unsupported = new Map<string, ReadonlySet<string>>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly bus: EventBus,
    private readonly log: Logger,
    private readonly refreshMs = DEFAULT_REFRESH_MS,
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    // Both this instance's events and those relayed from the others.
    this.unsubscribe = this.bus.subscribe(({ event, data }) => {
      if (event !== 'location.online' && event !== 'location.offline') return;
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') this.set(id, event === 'location.online' ? 'online' : 'offline');
    });
    this.timer = setInterval(() => {
      this.refresh().catch((err: unknown) => this.log.error({ err }, 'reading locations failed'));
    }, this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Reads the online set from the database. */
  async refresh(): Promise<void> {
    const rows = await this.db
      .selectFrom('locations')
      .select(['id', 'status', 'unsupported_types'])
      .execute();
    const next = new Set<string>([LOCAL_LOCATION_ID]);
    const unsupported = new Map<string, ReadonlySet<string>>();
    for (const r of rows) {
      if (r.status === 'online') next.add(r.id);
      if (r.unsupported_types) unsupported.set(r.id, new Set(JSON.parse(r.unsupported_types) as string[]));
    }
    this.online = next;
    this.unsupported = unsupported;
  }

  /**
   * Whether the location's verdicts count: online, and (given a monitor's type) not a probe that
   * said it cannot run that type, which is assigned none and would otherwise stay pending forever.
   */
  isOnline(id: string, monitorType?: string): boolean {
    if (!this.online.has(id)) return false;
    return monitorType === undefined || !this.unsupported.get(id)?.has(monitorType);
  }

  /** Records what a probe's heartbeat said it cannot run, here at once (others on their next read). */
  setUnsupported(id: string, types: readonly string[]): void {
    if (types.length === 0) this.unsupported.delete(id);
    else this.unsupported.set(id, new Set(types));
  }

  /** Marks a location's status here at once (the instance that changed it). */
  set(id: string, status: 'online' | 'offline'): void {
    if (id === LOCAL_LOCATION_ID) return;
    if (status === 'online') this.online.add(id);
    else this.online.delete(id);
  }
}
