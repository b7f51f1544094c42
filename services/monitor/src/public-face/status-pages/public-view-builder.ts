import type { Kysely } from 'kysely';
import { toWindow } from '../../alerting/maintenance/maintenance-schedule.js';
import { type MaintenanceWindow, nextChange, occurrenceAt } from '../../alerting/maintenance/windows.js';
import { DAY_MS } from '../../engine/rollups/rollup-job.js';
import { maintenanceRepo } from '../../store/repos/maintenance-repo.js';
import { type PageMonitorRow, statusPagesRepo } from '../../store/repos/status-pages-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { covers } from './maintenance-days.js';
import { overallStatus } from './overall-status.js';
import type {
  PublicIncident,
  PublicMaintenance,
  PublicMonitor,
  PublicMonitorState,
  PublicSection,
  PublicStatusPage,
} from './public-view.js';
import { buildBars } from './uptime-bars.js';

/** Incidents resolved this recently still show on a page; so do windows starting this soon. */
export const RECENT_MS = 7 * DAY_MS;

export interface BuildOptions {
  /** The loaded maintenance windows (the in-memory schedule's); read from the database when absent. */
  windows?: readonly MaintenanceWindow[];
  /** Where the day bars come from (a cache may keep them longer than the rest); buildBars by default. */
  bars?: typeof buildBars;
}

/** A built view with what its cache needs to know to invalidate it; none of this is public. */
export interface BuiltView {
  view: PublicStatusPage;
  /** The page's monitors, so events about other monitors leave the view alone. */
  monitorIds: ReadonlySet<number>;
  /** Per monitor, whether its last check failed (the banner's `degraded`). */
  failing: ReadonlyMap<number, boolean>;
  /** When a maintenance window of the page next starts or ends: the view is wrong from then on. */
  validUntil: number;
}

const UPTIME_DAYS = [30, 60, 90, 365] as const;
const iso = (ms: number) => new Date(ms).toISOString();

/** A monitor's status as a visitor reads it: only a never-checked (pending) one is `unknown`. */
function publicState(status: string): PublicMonitorState {
  return status === 'up' ||
    status === 'degraded' ||
    status === 'down' ||
    status === 'maintenance' ||
    status === 'paused'
    ? status
    : 'unknown';
}

/**
 * The public view of the page `slug`, or null when there is no such page or it is not public.
 * Uptime comes from the daily roll-ups for the days already rolled up, the hourly ones for the
 * days after that, and the raw results of the hours not rolled up yet (the one in progress), as
 * the monitor's own uptime figures do: a new page shows today's checks at once.
 */
export async function buildPublicView(
  db: Kysely<MonitorDB>,
  slug: string,
  now: number = Date.now(),
  opts: BuildOptions = {},
): Promise<PublicStatusPage | null> {
  return (await buildPublicViewWithDeps(db, slug, now, opts))?.view ?? null;
}

/** buildPublicView, plus the facts its cache invalidates by. */
export async function buildPublicViewWithDeps(
  db: Kysely<MonitorDB>,
  slug: string,
  now: number = Date.now(),
  opts: BuildOptions = {},
): Promise<BuiltView | null> {
  const page = await statusPagesRepo.bySlug(db, slug);
  if (page?.is_public !== 1) return null;
  const uptimeDays = (UPTIME_DAYS as readonly number[]).includes(page.uptime_days)
    ? (page.uptime_days as PublicStatusPage['uptime_days'])
    : 90;
  const [sectionNames, rows, windows] = await Promise.all([
    statusPagesRepo.sectionNames(db, page.id),
    statusPagesRepo.pageMonitors(db, page.id),
    opts.windows ?? maintenanceRepo.list(db).then((r) => r.map(toWindow)),
  ]);
  const ids = [...new Set(rows.map((r) => r.monitor_id))];
  const names = new Map(rows.map((r) => [r.monitor_id, r.name]));

  const bars = await (opts.bars ?? buildBars)(db, ids, uptimeDays, now, windows);

  const sections: PublicSection[] = sectionNames.map((name) => ({ name, monitors: [] }));
  const perSection = new Map<number, PageMonitorRow[]>();
  for (const r of rows) {
    const list = perSection.get(r.section_position) ?? [];
    list.push(r);
    perSection.set(r.section_position, list);
  }
  sections.forEach((section, si) => {
    section.monitors = (perSection.get(si) ?? []).map(
      (r, mi): PublicMonitor => ({
        key: `s${si}-m${mi}`,
        name: r.name,
        state: publicState(r.current_status),
        uptime_percent: bars.get(r.monitor_id)?.uptime_percent ?? null,
        days: bars.get(r.monitor_id)?.days ?? [],
      }),
    );
  });

  // A monitor shown in two sections counts once.
  const distinct = new Map(rows.map((r) => [r.monitor_id, r]));
  const failing = new Map(
    [...distinct.values()].map((r) => [
      r.monitor_id,
      (r.current_status === 'up' && r.consecutive_failures > 0) || r.current_status === 'degraded',
    ]),
  );
  const overall = overallStatus(
    [...distinct.values()].map((r) => ({
      state: publicState(r.current_status),
      failing: failing.get(r.monitor_id)!,
    })),
  );

  const view: PublicStatusPage = {
    slug: page.slug,
    title: page.title,
    description: page.description,
    footer: page.footer,
    uptime_days: uptimeDays,
    overall,
    sections,
    incidents: await publicIncidents(db, ids, names, now),
    maintenance: upcomingMaintenance(windows, ids, names, now),
    updated_at: iso(now),
  };
  let validUntil = Number.POSITIVE_INFINITY;
  for (const w of windows) {
    if (ids.some((id) => covers(w, id))) validUntil = Math.min(validUntil, nextChange(w, now));
  }
  return { view, monitorIds: new Set(ids), failing, validUntil };
}

async function publicIncidents(
  db: Kysely<MonitorDB>,
  ids: number[],
  names: Map<number, string>,
  now: number,
): Promise<PublicIncident[]> {
  const incidents = await statusPagesRepo.incidentsFor(db, ids, now - RECENT_MS);
  const updates = await statusPagesRepo.updatesFor(
    db,
    incidents.map((i) => i.id),
  );
  const open = (i: { resolved_at: number | null }) => i.resolved_at === null;
  incidents.sort((a, b) => Number(open(b)) - Number(open(a)) || b.started_at - a.started_at || b.id - a.id);
  return incidents.map((i) => ({
    id: i.id,
    affected: [names.get(i.monitor_id)!],
    status: i.status,
    started_at: iso(i.started_at),
    resolved_at: i.resolved_at === null ? null : iso(i.resolved_at),
    // Newest first, as a timeline is read.
    updates: updates
      .filter((u) => u.incident_id === i.id)
      .reverse()
      .map((u) => ({ status: u.status, message: u.message, at: iso(u.created_at) })),
    postmortem: i.postmortem,
  }));
}

/** Per window covering a page monitor: its occurrence in effect, else its next one within RECENT_MS. */
function upcomingMaintenance(
  windows: readonly MaintenanceWindow[],
  ids: number[],
  names: Map<number, string>,
  now: number,
): PublicMaintenance[] {
  const out: (PublicMaintenance & { start: number })[] = [];
  for (const w of windows) {
    const affected = ids.filter((id) => covers(w, id));
    if (affected.length === 0) continue;
    let occ = occurrenceAt(w, now);
    const active = occ !== null;
    if (!occ) {
      const next = nextChange(w, now);
      if (next - now > RECENT_MS) continue;
      occ = occurrenceAt(w, next);
    }
    if (!occ) continue;
    out.push({
      key: `${w.id}-${occ.start}`,
      name: w.name,
      starts_at: iso(occ.start),
      ends_at: iso(occ.end),
      active,
      affected: affected.map((id) => names.get(id)!),
      start: occ.start,
    });
  }
  out.sort((a, b) => a.start - b.start);
  return out.map(({ start: _start, ...m }) => m);
}
