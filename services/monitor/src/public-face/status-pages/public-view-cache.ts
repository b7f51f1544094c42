import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MaintenanceWindow } from '../../alerting/maintenance/windows.js';
import { DAY_MS } from '../../engine/rollups/rollup-job.js';
import type { BusEvent, EventBus } from '../../platform/events/event-bus.js';
import type { MonitorDB } from '../../store/schema.js';
import type { PublicStatusPage } from './public-view.js';
import { buildPublicViewWithDeps } from './public-view-builder.js';
import { type buildBars, type RolledBars, rolledBars, withRawResults } from './uptime-bars.js';

/** A built public view with its serialisations, shared by the JSON twin and the HTML page. */
export interface CachedView {
  view: PublicStatusPage;
  /** `JSON.stringify(view)`, made once per build. */
  json: string;
  /**
   * A weak validator of what the page shows: it leaves out `updated_at`, so a poller gets 304 while
   * nothing visible changed even though the view was rebuilt in between.
   */
  etag: string;
  /** The JSON gzipped, made on first use (a 1 MB view of day bars shrinks some twentyfold). */
  gzip(): Buffer;
}

export interface PublicViewCacheOptions {
  /** A view older than this is rebuilt (the safety net for changes no event announces). */
  ttlMs?: number;
  /** Past the TTL by at most this, the old view is still served while one rebuild runs. */
  staleMs?: number;
  /**
   * How long the roll-up part of a page's day bars is reused across rebuilds of its view (the raw
   * results since, the hour in progress, are read at every rebuild).
   */
  barsTtlMs?: number;
  now?: () => number;
}

/** What events said while a build ran: its result is not kept when they concern its monitors. */
interface Touched {
  all: boolean;
  changed: Set<number>;
  /** Per monitor, whether its latest check put it in a failing streak. */
  failing: Map<number, boolean>;
}

interface Slot {
  value: CachedView;
  builtAt: number;
  /** The maintenance windows the view was built from; a reload replaces the array. */
  windows: readonly MaintenanceWindow[];
  monitorIds: ReadonlySet<number>;
  failing: ReadonlyMap<number, boolean>;
  /** A maintenance window of the page starts or ends then. */
  validUntil: number;
}

export const DEFAULT_TTL_MS = 15_000;
/**
 * The roll-up part of the day bars changes when the roll-up job runs (every five minutes) or windows
 * change. Kept longer it stays right (the raw part starts where the roll-ups read end); it only
 * leaves more raw results for each rebuild to count.
 */
export const DEFAULT_BARS_TTL_MS = 60_000;

/** The view's JSON and its ETag, with one serialisation of a view that may weigh a megabyte. */
function serialise(view: PublicStatusPage): CachedView {
  const { updated_at, ...shown } = view;
  const body = JSON.stringify(shown);
  const json = `${body.slice(0, -1)},"updated_at":${JSON.stringify(updated_at)}}`;
  let zipped: Buffer | null = null;
  return {
    view,
    json,
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    gzip: () => {
      zipped ??= gzipSync(json);
      return zipped;
    },
  };
}

interface BarsSlot {
  key: string;
  at: number;
  windows: readonly MaintenanceWindow[];
  value: Promise<RolledBars>;
}

const monitorIdOf = (data: unknown): number | null => {
  const id = (data as { monitor_id?: unknown } | null)?.monitor_id;
  return typeof id === 'number' ? id : null;
};

/**
 * Public views per slug, built once and served from memory. A view is dropped when an engine event
 * touches one of its monitors (status change, a check that starts or stops failing, an incident),
 * when the maintenance windows are reloaded with a change, when its page is edited, and after a
 * short TTL for what no event announces here (checks that change no state, roll-ups, renames,
 * another instance's engine). Every build counts the raw results of the hour in progress afresh;
 * only the roll-up part of the day bars is kept longer. Concurrent requests for one slug share a
 * single build.
 */
export class PublicViewCache {
  private readonly slots = new Map<string, Slot>();
  private readonly inflight = new Map<string, Promise<CachedView | null>>();
  private readonly touched = new Map<Promise<CachedView | null>, Touched>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly barsTtlMs: number;
  private readonly bars = new Map<string, BarsSlot>();
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    bus: EventBus,
    private readonly windows: () => readonly MaintenanceWindow[],
    private readonly log: Pick<Logger, 'error'>,
    opts: PublicViewCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.staleMs = opts.staleMs ?? this.ttlMs;
    this.barsTtlMs = opts.barsTtlMs ?? DEFAULT_BARS_TTL_MS;
    this.now = opts.now ?? Date.now;
    this.unsubscribe = bus.subscribe((ev) => this.onEvent(ev));
  }

  /** The public view of `slug`, or null for an unknown or non-public page. */
  async get(slug: string): Promise<PublicStatusPage | null> {
    return (await this.entry(slug))?.view ?? null;
  }

  /** The view with its JSON and ETag, or null for an unknown or non-public page. */
  entry(slug: string): Promise<CachedView | null> {
    const slot = this.slots.get(slug);
    const now = this.now();
    if (slot && slot.windows === this.windows() && now < slot.validUntil) {
      const age = now - slot.builtAt;
      if (age < this.ttlMs) return Promise.resolve(slot.value);
      if (age < this.ttlMs + this.staleMs) {
        // Only aged, not known wrong: answer at once and refresh behind it.
        this.build(slug).catch((err: unknown) =>
          this.log.error({ err, slug }, 'status page: rebuild failed'),
        );
        return Promise.resolve(slot.value);
      }
    }
    return this.build(slug);
  }

  /** Drops the view of `slug`, or of every page without one (page edits call this). */
  invalidate(slug?: string): void {
    if (slug === undefined) {
      this.slots.clear();
      this.inflight.clear();
      return;
    }
    this.slots.delete(slug);
    this.bars.delete(slug);
    // A build already running may have read the old state: later callers start a new one.
    this.inflight.delete(slug);
  }

  /** Stops listening to the bus. */
  close(): void {
    this.unsubscribe();
    this.slots.clear();
    this.bars.clear();
  }

  private build(slug: string): Promise<CachedView | null> {
    const running = this.inflight.get(slug);
    if (running) return running;
    const windows = this.windows();
    const at = this.now();
    const touched: Touched = { all: false, changed: new Set(), failing: new Map() };
    // The roll-up part from memory, the raw results since (the hour in progress) read afresh.
    const bars: typeof buildBars = async (db, ids, days, now, w) =>
      withRawResults(db, await this.rolledOf(slug, db, ids, days, now, w), now);
    const p: Promise<CachedView | null> = buildPublicViewWithDeps(this.db, slug, at, { windows, bars })
      .then((built) => {
        this.touched.delete(p);
        const current = this.inflight.get(slug) === p;
        if (current) this.inflight.delete(slug);
        if (!built) {
          if (current) this.slots.delete(slug);
          this.bars.delete(slug);
          return null;
        }
        const value = serialise(built.view);
        // Changed while building: the answer goes to those who asked, but is not kept.
        const stale =
          touched.all ||
          [...touched.changed].some((id) => built.monitorIds.has(id)) ||
          [...touched.failing].some(([id, f]) => built.failing.has(id) && built.failing.get(id) !== f);
        if (current && !stale) {
          this.slots.set(slug, {
            value,
            builtAt: at,
            windows,
            monitorIds: built.monitorIds,
            failing: built.failing,
            validUntil: built.validUntil,
          });
        }
        return value;
      })
      .catch((err: unknown) => {
        this.touched.delete(p);
        if (this.inflight.get(slug) === p) this.inflight.delete(slug);
        throw err;
      });
    this.inflight.set(slug, p);
    this.touched.set(p, touched);
    return p;
  }

  /**
   * The roll-up part of a page's day bars, reused while its monitors, window, maintenance windows
   * and UTC day are the same and it is younger than the bars TTL: events then rebuild only the
   * cheap rest.
   */
  private rolledOf(
    slug: string,
    db: Kysely<MonitorDB>,
    ids: readonly number[],
    days: number,
    now: number,
    windows: readonly MaintenanceWindow[],
  ): Promise<RolledBars> {
    const key = `${days}:${ids.join(',')}`;
    const hit = this.bars.get(slug);
    if (
      hit &&
      hit.key === key &&
      hit.windows === windows &&
      now - hit.at < this.barsTtlMs &&
      Math.floor(hit.at / DAY_MS) === Math.floor(now / DAY_MS)
    ) {
      return hit.value;
    }
    const slot: BarsSlot = { key, at: now, windows, value: rolledBars(db, ids, days, now, windows) };
    this.bars.set(slug, slot);
    slot.value.catch(() => {
      if (this.bars.get(slug) === slot) this.bars.delete(slug);
    });
    return slot.value;
  }

  private onEvent(ev: BusEvent): void {
    if (this.slots.size === 0 && this.touched.size === 0) return;
    if (ev.event === 'monitor.check_result') {
      // Only a check that starts or ends a failing streak (degraded) changes what a page shows;
      // status changes come as their own event.
      const d = ev.data as { monitor_id: number; status: string; monitor_status: string };
      const failing = (d.monitor_status === 'up' && d.status === 'down') || d.monitor_status === 'degraded';
      for (const t of this.touched.values()) t.failing.set(d.monitor_id, failing);
      this.dropWhere((s) => s.failing.has(d.monitor_id) && s.failing.get(d.monitor_id) !== failing);
      return;
    }
    const relevant =
      ev.event.startsWith('monitor.') ||
      ev.event.startsWith('incident.') ||
      ev.event.startsWith('maintenance.') ||
      ev.event.startsWith('status_page.');
    if (!relevant) return;
    const id = monitorIdOf(ev.data);
    for (const t of this.touched.values()) {
      if (id === null) t.all = true;
      else t.changed.add(id);
    }
    if (id === null) this.slots.clear();
    else this.dropWhere((s) => s.monitorIds.has(id));
  }

  private dropWhere(test: (s: Slot) => boolean): void {
    for (const [slug, s] of this.slots) {
      if (test(s)) this.slots.delete(slug);
    }
  }
}

// One cache per running service (tests run several in one process), created on first use so the
// HTML page, the JSON twin and the page editor share it without a new field on every context.
const caches = new WeakMap<PublicViewDeps, PublicViewCache>();

/** What a service's cache is built from; AppContext satisfies it, and the object is the cache's key. */
export interface PublicViewDeps {
  db: Kysely<MonitorDB>;
  bus: EventBus;
  maintenance: { list(): readonly MaintenanceWindow[] };
  log: Pick<Logger, 'error'>;
}

/** The public view cache of the service `ctx`. */
export function publicViewCache(ctx: PublicViewDeps): PublicViewCache {
  let c = caches.get(ctx);
  if (!c) {
    c = new PublicViewCache(ctx.db, ctx.bus, () => ctx.maintenance.list(), ctx.log);
    caches.set(ctx, c);
  }
  return c;
}
