import type { FastifyRequest } from 'fastify';
import { sealConfig } from '../../alerting/channels/channel-config.js';
import type { MaintenanceDeps } from '../../alerting/maintenance/maintenance-service.js';
import { toLocationView } from '../../engine/locations/location-view.js';
import type { LocationsDeps } from '../../engine/locations/locations-service.js';
import { monitorChanged, monitorRemoved } from '../../engine/locations/monitor-changes.js';
import {
  isLocalOnly,
  locationColumns,
  parseLocationIds,
  saveLocationRows,
} from '../../engine/locations/monitor-locations.js';
import { configColumns } from '../../engine/monitors/monitor-input.js';
import { sealSecrets } from '../../engine/monitors/monitor-secrets.js';
import { newHeartbeatToken, newMonitorRow } from '../../engine/monitors/monitors-service.js';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { type ConfigKind, configStateRepo } from '../../store/repos/config-state-repo.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { groupsRepo } from '../../store/repos/groups-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { Db } from '../../store/schema.js';
import type { ImportDeps } from '../transfer/import-monitors.js';
import { need, removeKind, writeAlerting, writeLocations, writeMonitorViews } from './apply-kinds.js';
import type { DesiredMonitor } from './desired-state.js';
import {
  type Change,
  type ConfigRequest,
  KINDS,
  type Plan,
  type PlanWork,
  planConfig,
} from './plan-config.js';

/**
 * What an apply uses: the import's deps (database, audit, sealing key, the engine to tell), the
 * maintenance schedule to reload, and the locations registry.
 */
export type ApplyDeps = ImportDeps & Pick<MaintenanceDeps, 'maintenance'> & Pick<LocationsDeps, 'locations'>;

export interface ApplyResult {
  applied: boolean;
  summary: Plan['summary'];
  changes: Change[];
}

/** Counts per kind and action: the audit entry's detail (keys and names only, never a value). */
function auditDetail(plan: Plan) {
  const counts: Record<string, Record<string, number>> = {};
  for (const c of plan.changes) {
    counts[c.action] ??= {};
    counts[c.action]![c.kind] = (counts[c.action]![c.kind] ?? 0) + 1;
  }
  return {
    ...plan.summary,
    prune: plan.prune,
    counts,
    changed: plan.changes.slice(0, 200).map((c) => `${c.action} ${c.kind} ${c.key}`),
  };
}

/**
 * Writes a planned change set in `trx`. Order: what others refer to first (groups, tags, channels,
 * monitors), then links by key once every id is known, then deletions (monitors first, so nothing
 * refers to what goes).
 */
async function writeChanges(deps: ApplyDeps, trx: Db, w: PlanWork, now: number) {
  const { desired, ids } = w;
  const todo = new Map<string, Change>(w.plan.changes.map((c) => [`${c.kind}\u0000${c.key}`, c]));
  const changing = (kind: ConfigKind, key: string) => todo.has(`${kind}\u0000${key}`);
  await writeLocations(trx, w, now, changing);
  for (const g of desired.groups) {
    if (!changing('group', g.key)) continue;
    const id = ids.group.get(g.key);
    const cols = { name: g.name, sort_order: g.sort_order, updated_at: now, config_key: g.key, managed: 1 };
    if (id === undefined) {
      const row = await groupsRepo.insert(trx, { ...cols, parent_id: null, created_at: now });
      ids.group.set(g.key, row.id);
    } else await groupsRepo.update(trx, id, cols);
  }
  // Tag names are unique in the table: renamed tags step aside first (under a name with a colon,
  // which no tag may have), so a file may swap names.
  for (const t of desired.tags) {
    const id = ids.tag.get(t.key);
    if (id !== undefined && changing('tag', t.key))
      await tagsRepo.update(trx, id, { name: `:renaming:${id}`, color: t.color });
  }
  for (const t of desired.tags) {
    if (!changing('tag', t.key)) continue;
    const id = ids.tag.get(t.key);
    if (id === undefined)
      ids.tag.set(t.key, (await tagsRepo.insert(trx, { name: t.name, color: t.color, created_at: now })).id);
    else await tagsRepo.update(trx, id, { name: t.name, color: t.color });
    await configStateRepo.mark(trx, 'tag', need(ids.tag, t.key), t.key);
  }
  for (const c of desired.channels) {
    if (!changing('channel', c.key)) continue;
    const cols = {
      name: c.name,
      type: c.type,
      config: sealConfig(deps.keys.encryption, c.type, c.config),
      is_enabled: c.is_enabled ? 1 : 0,
      default_for_new_monitors: c.default_for_new_monitors ? 1 : 0,
      flood_limit: c.flood_limit,
      updated_at: now,
      config_key: c.key,
      managed: 1,
    };
    const id = ids.channel.get(c.key);
    if (id === undefined)
      ids.channel.set(c.key, (await channelsRepo.insert(trx, { ...cols, created_at: now })).id);
    else await channelsRepo.update(trx, id, cols);
  }
  await writeAlerting(trx, w, now, changing);
  // A group's parent and policy by id, once every group and policy has one.
  for (const g of desired.groups) {
    if (!changing('group', g.key)) continue;
    await groupsRepo.update(trx, need(ids.group, g.key), {
      parent_id: g.parent === null ? null : need(ids.group, g.parent),
      escalation_policy_id:
        g.escalation_policy === null ? null : need(ids.escalation_policy, g.escalation_policy),
    });
  }
  const rowsById = new Map(w.state.monitors.map((r) => [r.id, r]));
  const written: DesiredMonitor[] = [];
  const fresh = new Set<string>();
  for (const m of desired.monitors) {
    if (!changing('monitor', m.key)) continue;
    const id = ids.monitor.get(m.key);
    const placement = {
      ...locationColumns({ ids: m.location_ids, quorum: m.quorum }),
      group_id: m.group === null ? null : need(ids.group, m.group),
      escalation_policy_id:
        m.escalation_policy === null ? null : need(ids.escalation_policy, m.escalation_policy),
      config_key: m.key,
      managed: 1,
    };
    written.push(m);
    if (id === undefined) {
      const row = await monitorsRepo.insert(trx, {
        ...newMonitorRow(
          deps.keys.encryption,
          m,
          { paused: m.paused, reminder_interval_minutes: m.reminder_interval_minutes },
          now,
        ),
        ...placement,
      });
      ids.monitor.set(m.key, row.id);
      fresh.add(m.key);
      continue;
    }
    const old = rowsById.get(id)!;
    const secretChanged = todo.get(`monitor\u0000${m.key}`)!.fields.some((f) => f.secret);
    const wasPaused = old.paused === 1;
    await monitorsRepo.update(trx, id, {
      ...configColumns(m.config),
      ...(secretChanged && { secrets: sealSecrets(deps.keys.encryption, m.secrets) }),
      heartbeat_token:
        m.config.monitor_type === 'heartbeat'
          ? (old.heartbeat_token ?? newHeartbeatToken())
          : old.heartbeat_token,
      reminder_interval_minutes: m.reminder_interval_minutes,
      ...placement,
      ...(m.paused !== wasPaused && {
        paused: m.paused ? 1 : 0,
        current_status: m.paused ? ('paused' as const) : ('pending' as const),
        consecutive_failures: 0,
      }),
      updated_at: Math.max(now, old.updated_at + 1),
    });
    await monitorChannelsRepo.set(
      trx,
      id,
      m.channels.map((k) => need(ids.channel, k)),
    );
    await tagsRepo.set(
      trx,
      id,
      m.tags.map((t) => ({ tag_id: need(ids.tag, t.key), value: t.value })),
    );
    await saveLocationRows(trx, id, { ids: m.location_ids });
  }
  // New monitors have no links yet: theirs go in a few multi-row inserts (a 5,000-monitor file
  // would otherwise pay a delete and an insert per link kind per monitor).
  const created = desired.monitors.filter((m) => fresh.has(m.key));
  await configStateRepo.addLinks(trx, {
    channels: created.flatMap((m) =>
      m.channels.map((k) => ({ monitor_id: need(ids.monitor, m.key), channel_id: need(ids.channel, k) })),
    ),
    tags: created.flatMap((m) =>
      m.tags.map((t) => ({
        monitor_id: need(ids.monitor, m.key),
        tag_id: need(ids.tag, t.key),
        value: t.value,
      })),
    ),
    locations: created.flatMap((m) =>
      isLocalOnly(m.location_ids)
        ? []
        : m.location_ids.map((location_id) => ({ monitor_id: need(ids.monitor, m.key), location_id })),
    ),
  });
  for (const m of written) {
    if (fresh.has(m.key) && m.depends_on.length === 0) continue;
    const parents = m.depends_on.map((k) => need(ids.monitor, k)).sort((a, b) => a - b);
    await dependenciesRepo.setFor(trx, need(ids.monitor, m.key), parents);
  }
  const slugs = await writeMonitorViews(trx, w, now, changing);
  const engineRows = await configStateRepo.monitorsByIds(
    trx,
    written.map((m) => need(ids.monitor, m.key)),
  );
  const removed: { id: number; locations: string[] }[] = [];
  const removedLocations: string[] = [];
  for (const kind of [...KINDS].reverse()) {
    for (const c of w.plan.changes) {
      if (c.kind !== kind || c.action !== 'delete') continue;
      const id = c.id as number;
      if (!BASE_KINDS.has(kind)) {
        const out = await removeKind(trx, kind, c.id!, w);
        engineRows.push(...out.monitors);
        if (out.slug) slugs.add(out.slug);
        if (kind === 'location') removedLocations.push(String(c.id));
      } else if (kind === 'monitor') {
        removed.push({ id, locations: parseLocationIds(rowsById.get(id)!.location_ids) });
        await checkResultsRepo.removeForMonitor(trx, id);
        await monitorsRepo.remove(trx, id);
      } else if (kind === 'channel') await channelsRepo.remove(trx, id);
      else if (kind === 'tag') await tagsRepo.remove(trx, id);
      else {
        // A pruned group hands what is left in it to its parent, as deleting it in the dashboard does.
        const row = await groupsRepo.byId(trx, id);
        if (row) await groupsRepo.removeInto(trx, id, row.parent_id, now);
      }
    }
  }
  const locations = await configStateRepo.locationsByIds(trx, [
    ...w.plan.changes.filter((c) => c.kind === 'location' && c.action !== 'delete').map((c) => c.key),
  ]);
  return { engineRows, removed, slugs, locations, removedLocations };
}

const BASE_KINDS = new Set<ConfigKind>(['group', 'tag', 'channel', 'monitor']);

/**
 * Applies a file: plans again inside one transaction, refuses (409) when the plan's fingerprint
 * is given and no longer matches, writes exactly the planned changes and one audit entry with the
 * counts, all or nothing. The engine hears of the monitors only after the commit.
 */
export async function applyConfig(
  deps: ApplyDeps,
  req: FastifyRequest,
  body: ConfigRequest & { fingerprint?: string | undefined },
  /** Status pages are public-face's, a layer this one does not import: the route says what to do. */
  pagesChanged: (slugs: string[]) => void = () => {},
): Promise<ApplyResult> {
  const now = Date.now();
  const { plan, outcome } = await audited(deps, req, async (trx) => {
    const work = await planConfig(deps, trx, body);
    if (body.fingerprint !== undefined && body.fingerprint !== work.plan.fingerprint) {
      throw errors.config_plan_stale(
        'The configuration here, or the file, changed since the plan was made: plan again, review, and apply that plan. Nothing was changed.',
      );
    }
    const outcome = await writeChanges(deps, trx, work, now);
    return [
      { plan: work.plan, outcome },
      { action: 'config.apply', resource_type: 'config', resource_id: null, detail: auditDetail(work.plan) },
    ];
  });
  for (const r of outcome.engineRows) monitorChanged(deps, r);
  for (const r of outcome.removed) monitorRemoved(deps, r.id, r.locations);
  if (plan.changes.some((c) => c.kind === 'maintenance')) await deps.maintenance.reload();
  if (outcome.slugs.size > 0) pagesChanged([...outcome.slugs]);
  if (outcome.locations.length > 0) {
    const counts = await locationsRepo.monitorCounts(deps.db);
    for (const l of outcome.locations)
      deps.bus.publish('location.updated', toLocationView(l, counts.get(l.id) ?? 0));
  }
  for (const id of outcome.removedLocations) {
    deps.locations.set(id, 'offline');
    deps.bus.publish('location.deleted', { id });
  }
  return { applied: plan.changes.length > 0, summary: plan.summary, changes: plan.changes };
}
