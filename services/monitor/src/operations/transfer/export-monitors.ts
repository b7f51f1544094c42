import type { Kysely } from 'kysely';
import { listGroups } from '../../engine/groups/groups-service.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { portablePlacement } from './portable-groups.js';
import { EXPORT_VERSION, type PortableMonitor, toPortable } from './portable-monitor.js';

/** What an export reads: the database. */
export interface ExportDeps {
  db: Kysely<MonitorDB>;
}

/** Every monitor's portable configuration, in creation order. */
export async function exportMonitors(deps: ExportDeps): Promise<{
  version: number;
  exported_at: string;
  monitors: PortableMonitor[];
}> {
  const [rows, links] = await Promise.all([
    monitorsRepo.list(deps.db),
    deps.db
      .selectFrom('monitor_channels')
      .innerJoin('notification_channels', 'notification_channels.id', 'monitor_channels.channel_id')
      .select(['monitor_channels.monitor_id', 'notification_channels.name'])
      .orderBy('notification_channels.name')
      .execute(),
  ]);
  const [groups, tags] = await Promise.all([listGroups(deps.db), tagsRepo.forMonitors(deps.db, 'all')]);
  const paths = new Map(groups.map((g) => [g.id, g.path]));
  const names = new Map<number, string[]>();
  for (const l of links) names.set(l.monitor_id, [...(names.get(l.monitor_id) ?? []), l.name]);
  return {
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    monitors: rows.map((r) =>
      toPortable(r, names.get(r.id) ?? [], portablePlacement(r.group_id, paths, tags.get(r.id) ?? [])),
    ),
  };
}
