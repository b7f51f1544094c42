import { policyColumns } from '../../alerting/escalation/policies-service.js';
import { windowColumns } from '../../alerting/maintenance/maintenance-service.js';
import { TEMPLATE_EVENTS } from '../../alerting/templates/template-events.js';
import { detachLocation } from '../../engine/locations/locations-service.js';
import { newProbeToken } from '../../identity/auth/probe-token.js';
import { type ConfigKind, configStateRepo } from '../../store/repos/config-state-repo.js';
import { escalationPoliciesRepo } from '../../store/repos/escalation-policies-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import { maintenanceRepo } from '../../store/repos/maintenance-repo.js';
import { messageTemplatesRepo } from '../../store/repos/message-templates-repo.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import { statusPagesRepo } from '../../store/repos/status-pages-repo.js';
import type { Db } from '../../store/schema.js';
import type { PlanWork } from './plan-config.js';

// The writes of the newer kinds, in the apply's transaction (apply-config.ts calls them in order:
// locations before monitors name them; templates and policies once channels exist; windows and
// pages once monitors do), and their deletions.

type Changing = (kind: ConfigKind, key: string) => boolean;

/** The id a key stands for: planned, or written earlier in this apply. */
export const need = <T>(ids: Map<string, T>, key: string): T => {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`config apply: no id for key "${key}"`);
  return id;
};

/** Locations first: monitors' location rows refer to them. */
export async function writeLocations(trx: Db, w: PlanWork, now: number, changing: Changing) {
  for (const l of w.desired.locations) {
    if (!changing('location', l.key)) continue;
    const cols = {
      name: l.name,
      region: l.region,
      heartbeat_seconds: l.heartbeat_seconds,
      managed: 1,
      ...(l.token && { token_prefix: l.token.prefix, token_hash: l.token.hash }),
    };
    if (w.ids.location.has(l.key)) {
      await locationsRepo.update(trx, l.key, { ...cols, updated_at: now });
      continue;
    }
    // No token in the file: a random one nobody has seen, until it is rotated in the dashboard.
    const token = l.token ?? newProbeToken();
    await locationsRepo.insert(trx, {
      ...cols,
      id: l.key,
      is_local: 0,
      token_prefix: token.prefix,
      token_hash: token.hash,
      status: 'offline',
      last_seen_at: null,
      version: null,
      skew_ms: null,
      created_at: now,
      updated_at: now,
    });
    w.ids.location.set(l.key, l.key);
  }
}

/** Templates and escalation policies: what channels are told. */
export async function writeAlerting(trx: Db, w: PlanWork, now: number, changing: Changing) {
  const { desired, ids } = w;
  // A template's row is its channel and event, which an update may change: the old rows go first,
  // so two templates of the file may trade events.
  for (const t of desired.templates) {
    const id = ids.template.get(t.key);
    if (id === undefined || !changing('template', t.key)) continue;
    const [channel, event] = [Number(id.slice(0, id.indexOf('/'))), id.slice(id.indexOf('/') + 1)];
    await messageTemplatesRepo.remove(trx, channel, event);
  }
  for (const t of desired.templates) {
    if (!changing('template', t.key)) continue;
    const channel_id = need(ids.channel, t.channel);
    const event = TEMPLATE_EVENTS[t.event];
    await messageTemplatesRepo.upsert(trx, {
      channel_id,
      event,
      title: t.title,
      body: t.body,
      updated_at: now,
    });
    await configStateRepo.markTemplate(trx, channel_id, event, t.key);
    ids.template.set(t.key, `${channel_id}/${event}`);
  }
  // Policy names are unique: renamed ones step aside first (a colon no API name check lets through).
  for (const p of desired.policies) {
    const id = ids.escalation_policy.get(p.key);
    if (id !== undefined && changing('escalation_policy', p.key))
      await escalationPoliciesRepo.update(trx, id, { name: `:renaming:${id}` });
  }
  for (const p of desired.policies) {
    if (!changing('escalation_policy', p.key)) continue;
    const cols = {
      ...policyColumns({
        name: p.name,
        steps: p.steps.map((s) => ({
          after_minutes: s.after_minutes,
          channel_ids: s.channels.map((k) => need(ids.channel, k)),
          user_ids: s.user_ids,
          schedule_ids: s.schedule_ids,
        })),
      }),
      repeat_count: p.repeat_count,
      updated_at: now,
      config_key: p.key,
      managed: 1,
    };
    const id = ids.escalation_policy.get(p.key);
    if (id === undefined)
      ids.escalation_policy.set(
        p.key,
        (await escalationPoliciesRepo.insert(trx, { ...cols, created_at: now })).id,
      );
    else await escalationPoliciesRepo.update(trx, id, cols);
  }
}

/** Maintenance windows and status pages: they name monitors. Returns the page slugs touched. */
export async function writeMonitorViews(trx: Db, w: PlanWork, now: number, changing: Changing) {
  const { desired, ids } = w;
  for (const m of desired.maintenance) {
    if (!changing('maintenance', m.key)) continue;
    const cols = {
      ...windowColumns({ ...m, monitor_ids: m.monitors.map((k) => need(ids.monitor, k)) }),
      updated_at: now,
      config_key: m.key,
      managed: 1,
    };
    const id = ids.maintenance.get(m.key);
    if (id === undefined)
      ids.maintenance.set(m.key, (await maintenanceRepo.insert(trx, { ...cols, created_at: now })).id);
    else await maintenanceRepo.update(trx, id, cols);
  }
  const slugs = new Set<string>();
  const oldSlug = new Map(w.state.pages.map((p) => [p.id, p.slug]));
  for (const p of desired.statusPages) {
    const id = ids.status_page.get(p.key);
    if (id !== undefined && changing('status_page', p.key)) {
      slugs.add(oldSlug.get(id)!);
      await statusPagesRepo.update(trx, id, { slug: `:renaming:${id}` });
    }
  }
  for (const p of desired.statusPages) {
    if (!changing('status_page', p.key)) continue;
    const cols = {
      slug: p.slug,
      title: p.title,
      description: p.description,
      footer: p.footer,
      uptime_days: p.uptime_days,
      is_public: p.is_public ? 1 : 0,
      updated_at: now,
      config_key: p.key,
      managed: 1,
    };
    let id = ids.status_page.get(p.key);
    if (id === undefined) {
      id = (await statusPagesRepo.insert(trx, { ...cols, created_at: now })).id;
      ids.status_page.set(p.key, id);
    } else await statusPagesRepo.update(trx, id, cols);
    await statusPagesRepo.replaceLayout(
      trx,
      id,
      p.sections.map((s) => ({ name: s.name, monitor_ids: s.monitors.map((k) => need(ids.monitor, k)) })),
    );
    slugs.add(p.slug);
  }
  return slugs;
}

/**
 * Deletes one object of a newer kind as its dashboard delete does. Returns the monitors a deleted
 * location was taken off (for the engine) and a deleted page's slug.
 */
export async function removeKind(
  trx: Db,
  kind: ConfigKind,
  id: number | string,
  w: PlanWork,
): Promise<{ monitors: MonitorRow[]; slug?: string }> {
  if (kind === 'location') {
    const { rows } = await detachLocation(trx, String(id));
    await locationsRepo.remove(trx, String(id));
    return { monitors: rows };
  }
  if (kind === 'template') {
    const s = String(id);
    await messageTemplatesRepo.remove(trx, Number(s.slice(0, s.indexOf('/'))), s.slice(s.indexOf('/') + 1));
  } else if (kind === 'escalation_policy') await escalationPoliciesRepo.remove(trx, Number(id));
  else if (kind === 'maintenance') await maintenanceRepo.remove(trx, Number(id));
  else if (kind === 'status_page') {
    await statusPagesRepo.remove(trx, Number(id));
    return { monitors: [], slug: w.state.pages.find((p) => p.id === id)?.slug };
  }
  return { monitors: [] };
}
